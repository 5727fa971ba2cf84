// A determinate progress bar that says what it measures: the bar carries the label and the figures as its
// accessible value, and the same figures show beneath it as a caption (hidden from assistive technology, which
// already reads them from the bar).
import { Progress, Stack, Text, type MantineSize } from '@mantine/core';

interface LabelledProgressProps {
  label: string;
  percent: number;
  /** The figures in words, e.g. "1,200 of 5,000"; the caption and the bar's aria-valuetext. */
  valueText: string;
  testId: string;
  size?: MantineSize;
  color?: string;
  /** Striped and moving while the work runs. */
  running?: boolean;
}

export function LabelledProgress({ label, percent, valueText, testId, size = 'sm', color, running = false }: LabelledProgressProps) {
  return (
    <Stack gap={4}>
      <Progress.Root
        size={size}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        data-testid={testId}
      >
        <Progress.Section value={percent} color={color} animated={running} striped={running} withAria={false} />
      </Progress.Root>
      <Text size="xs" c="dimmed" aria-hidden>
        {valueText}
      </Text>
    </Stack>
  );
}
