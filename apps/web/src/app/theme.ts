// The Mantine theme: a sober navy brand colour (white text on it passes WCAG AA) and a darker "dimmed" grey than
// Mantine's default, whose gray.6 falls below the 4.5:1 contrast secondary text needs; the same for error red.
import {
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#edf3fb',
  '#d8e3f3',
  '#adc4e6',
  '#80a3d8',
  '#5b87cc',
  '#4476c5',
  '#366cc2',
  '#285bab',
  '#1f5099',
  '#143f7d',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});

/**
 * The theme with the texts some components need in every use: the accessible name of the close button of dialogs,
 * drawers and toasts (an icon-only button). A component that passes its own closeButtonProps replaces these.
 */
export function localisedTheme(texts: { closeLabel: string }) {
  const closeButtonProps = { 'aria-label': texts.closeLabel };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
      },
    }),
  );
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Mantine's red.6 error text is below 4.5:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
