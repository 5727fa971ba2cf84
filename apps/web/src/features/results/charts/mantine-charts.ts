// The chart library the result dashboard draws with, as one lazy chunk (see lazy-mantine-charts.tsx).
import '@mantine/charts/styles.css';

export { BarChart, LineChart } from '@mantine/charts';
