// "Add to comparison" on the client list and the client view, offered only where the client has a finished,
// unlocked result; the server confirms it ("Unlock the result to compare it" otherwise, as an error toast, e.g.
// when the list is out of date), then the client joins the comparison list
// (same token replaces, else appends; a full list says so). Shown only with INDIVIDUAL_COMPARISON/READ.
import { useState } from 'react';
import { Anchor, Button } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COMPARISON_ERRORS } from '@bq/contracts/comparison';
import { type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { hasProductPermission } from '../../../lib/product-access';
import { ApiError } from '../../../lib/api-client';
import { addToComparison } from '../../../lib/comparison-store';
import { showApiError, showSuccess } from '../../../lib/notify';
import { fetchComparisonCandidate } from '../api/get-comparison-candidate';

interface AddToComparisonButtonProps {
  productType: ProductType;
  clientToken: string;
  /** The client's name, for the button's accessible name. */
  name: string;
  compact?: boolean;
}

export function AddToComparisonButton({
  productType,
  clientToken,
  name,
  compact = false,
}: AddToComparisonButtonProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [pending, setPending] = useState(false);
  if (
    !hasProductPermission(user, productType, 'INDIVIDUAL_COMPARISON', 'READ')
  )
    return null;

  const add = async () => {
    setPending(true);
    try {
      const candidate = await fetchComparisonCandidate(productType, clientToken);
      const outcome = addToComparison(productType, { token: candidate.token, name: candidate.displayName });
      if (outcome === 'full') showApiError(new ApiError(400, { errorKey: COMPARISON_ERRORS.tooMany }));
      else
        showSuccess(
          t(outcome === 'added' ? 'comparison.added' : 'comparison.replaced', {
            name: candidate.displayName,
          }),
        );
    } catch (error) {
      showApiError(error);
    } finally {
      setPending(false);
    }
  };

  return compact ? (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => void add()}
      aria-label={t('comparison.addNamed', { name })}
      data-testid="add-to-comparison"
      disabled={pending}
    >
      {t('comparison.add')}
    </Anchor>
  ) : (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowsDiff size={18} aria-hidden />}
        loading={pending}
        onClick={() => void add()}
        aria-label={t('comparison.addNamed', { name })}
        data-testid="add-to-comparison"
      >
        {t('comparison.add')}
      </Button>
      <Button
        variant="subtle"
        component={AppLink}
        to={`/${productType}/comparison`}
        data-testid="open-comparison"
      >
        {t('comparison.open')}
      </Button>
    </>
  );
}
