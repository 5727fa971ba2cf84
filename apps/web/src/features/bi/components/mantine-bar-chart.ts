// The chart library the BI page draws with, as one lazy chunk (see lazy-bar-chart.tsx).
import '@mantine/charts/styles.css';

export { BarChart } from '@mantine/charts';
