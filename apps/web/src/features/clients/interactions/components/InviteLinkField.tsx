// The client's personal link, with "Copy link" and "Open in new tab" (to check what the client will see;
// opening it marks the questionnaire as opened).
import { useTranslation } from 'react-i18next';
import { CopyableLinkField } from '../../../../components/ui/CopyableLinkField';

export function InviteLinkField({ inviteUrl }: { inviteUrl: string }) {
  const { t } = useTranslation();
  return (
    <CopyableLinkField
      url={inviteUrl}
      texts={{
        label: t('interactions.invite.label'),
        copy: t('interactions.invite.copy'),
        copied: t('interactions.invite.copied'),
        open: t('interactions.invite.open'),
        copiedAnnouncement: t('interactions.invite.copiedAnnouncement'),
        copyFailed: t('interactions.invite.copyFailed'),
      }}
      testIds={{ field: 'interaction-invite-link', copy: 'interaction-copy-link', status: 'interaction-copy-status' }}
    />
  );
}
