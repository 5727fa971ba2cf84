// /icons: internal helper listing each product type's icon, icon name and translated name.
import { Paper, Table, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ProductIcon } from '../../../components/ui/ProductIcon';

export function IconsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('page.icons.title')} description={t('internal.icons.lead')} />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('internal.icons.icon')}</Table.Th>
                <Table.Th scope="col">{t('internal.icons.name')}</Table.Th>
                <Table.Th scope="col">{t('internal.icons.productType')}</Table.Th>
                <Table.Th scope="col">{t('internal.icons.iconName')}</Table.Th>
                <Table.Th scope="col">{t('internal.icons.realm')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PRODUCT_TYPES.map((productType) => {
                const info = PRODUCT_TYPE_INFO[productType];
                return (
                  <Table.Tr key={productType}>
                    <Table.Td>
                      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                        <ProductIcon productType={productType} size={22} />
                      </ThemeIcon>
                    </Table.Td>
                    <Table.Td>
                      <Text fw={600}>{t(info.nameKey)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {productType}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {info.icon}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {info.realm}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
