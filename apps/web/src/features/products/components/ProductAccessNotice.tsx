// Shown instead of a product page when the account lacks the product or the user lacks its permission.
import { Button } from '@mantine/core';
import { IconLayoutGrid, IconLock, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { NoticePanel } from '../../../components/ui/NoticePanel';

interface ProductAccessNoticeProps {
  productType: ProductType;
  reason: 'no-permission' | 'not-in-account';
}

export function ProductAccessNotice({ productType, reason }: ProductAccessNoticeProps) {
  const { t } = useTranslation();
  const product = t(PRODUCT_TYPE_INFO[productType].nameKey);
  const prefix = reason === 'no-permission' ? 'productAccess.noPermission' : 'productAccess.notInAccount';
  return (
    <NoticePanel
      testId="product-access-notice"
      centered={false}
      color="orange"
      icon={<IconLock size={26} stroke={1.6} />}
      title={t(`${prefix}.title`, { product })}
      text={t(`${prefix}.text`, { product })}
      actions={
        <>
          {reason === 'not-in-account' ? (
            <Button
              component={AppLink}
              to={`/${productType}/add`}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('productAccess.addProduct')}
            </Button>
          ) : null}
          <Button
            variant={reason === 'not-in-account' ? 'default' : 'filled'}
            component={AppLink}
            to="/product"
            leftSection={<IconLayoutGrid size={18} aria-hidden />}
          >
            {t('productAccess.showProducts')}
          </Button>
        </>
      }
    />
  );
}
