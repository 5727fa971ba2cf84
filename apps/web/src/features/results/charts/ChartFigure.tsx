// A chart as a figure: its title with the Roman numeral id (spec section 3), the drawing (hidden from assistive
// technology), and a summary in words that names the figure's content for everyone, in print too.
import { useId, type ReactNode } from 'react';
import { Box, Stack, Title } from '@mantine/core';
import classes from '../result-dashboard.module.css';

interface ChartFigureProps {
  id: string;
  title: string;
  children: ReactNode;
  summary: ReactNode;
  /** A data table behind a toggle, for charts whose numbers the summary cannot list. */
  table?: ReactNode;
}

export function ChartFigure({ id, title, children, summary, table }: ChartFigureProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Box
      component="figure"
      m={0}
      className={classes.chart}
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      data-testid={`risk-chart-${id}`}
    >
      <Stack gap="xs">
        <Title order={3} fz="h5" id={titleId} component="figcaption">
          {title}
        </Title>
        <div aria-hidden>{children}</div>
        <div id={summaryId}>{summary}</div>
        {table}
      </Stack>
    </Box>
  );
}
