// Shown when the client token is unknown or belongs to another account (the profile answers 404).
import { Button } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { NoticePanel } from '../../../components/ui/NoticePanel';

export function ClientNotFound({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  return (
    <NoticePanel
      testId="client-not-found"
      centered={false}
      icon={<IconUserQuestion size={26} stroke={1.6} />}
      title={t('clients.notFound.title')}
      text={t('clients.notFound.text')}
      actions={
        <Button
          component={AppLink}
          to={`/product/${productType}`}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t('clients.notFound.back')}
        </Button>
      }
    />
  );
}
