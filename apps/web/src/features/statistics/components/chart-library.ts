// The chart library and its styles, in a chunk of their own that loads when a chart nears the screen.
import '@mantine/charts/styles.css';

export { BarChart, DonutChart, LineChart } from '@mantine/charts';
