import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** CONTINUE: offered only when the step is filled (spec section 5), so it is not rendered otherwise. */
export function ContinueButton({ show, onClick, loading }: { show: boolean; onClick: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Button onClick={onClick} loading={loading}>
      {t('sale.continue')}
    </Button>
  );
}
