// The data behind a chart or drawing as a table: always read by screen readers, shown on screen when the user
// asks for it, and printed (long tables only when opened).
import { useId, useState, type ReactNode } from 'react';
import { Box, Button } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../result-dashboard.module.css';

interface TableFallbackProps {
  children: ReactNode;
  testId?: string;
  /** False for long tables: printed only when the user opened them, the chart prints anyway. */
  print?: boolean;
}

export function TableFallback({ children, testId, print = true }: TableFallbackProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconTable size={16} aria-hidden />}
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((value) => !value)}
        className={classes.noPrint}
      >
        {shown ? t('results.table.hide') : t('results.table.show')}
      </Button>
      <Box
        id={id}
        className={shown ? undefined : print ? classes.srOnly : `${classes.srOnly} ${classes.noPrint}`}
        mt={shown ? 'xs' : undefined}
        data-testid={testId}
      >
        {children}
      </Box>
    </div>
  );
}
