// The chart library as its own lazy chunk (docs/decisions/0018): only the team pages that draw load it.
import '@mantine/charts/styles.css';

export { BarChart } from '@mantine/charts';
