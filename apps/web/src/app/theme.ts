// The Mantine theme: a sober navy brand colour (white text on it passes WCAG AA) and a darker "dimmed" grey than
// Mantine's default, whose gray.6 falls below the 4.5:1 contrast secondary text needs; the same for error red.
// The status colours (red, orange, yellow, green, teal, cyan, blue, lime) keep Mantine's light shades 0-6 but have
// darker shades 7-9, so every use passes WCAG AA (4.5:1) on white and on the page's gray.0: text and outlines
// (shade 7), white on filled (shade 7), and light badges, buttons and alerts (shade 9 on shade 1).
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

// Shades 7-9 darkened from Mantine's until: 7 >= 4.6:1 on gray.0, 8 >= 5.6:1 on gray.0, 9 >= 4.8:1 on shade 1.
const statusColors: Record<string, MantineColorsTuple> = {
  red: [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    '#fa5252',
    '#ce3535',
    '#bb2929',
    '#b72626',
  ],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#fd7e14',
    '#bc4e05',
    '#ab4209',
    '#af3a0c',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#fab005',
    '#9b6500',
    '#8f5300',
    '#964e00',
  ],
  lime: [
    '#f4fce3',
    '#e9fac8',
    '#d8f5a2',
    '#c0eb75',
    '#a9e34b',
    '#94d82d',
    '#82c91e',
    '#4e7c0f',
    '#436e0a',
    '#446d0a',
  ],
  green: [
    '#ebfbee',
    '#d3f9d8',
    '#b2f2bb',
    '#8ce99a',
    '#69db7c',
    '#51cf66',
    '#40c057',
    '#277f37',
    '#227131',
    '#237032',
  ],
  teal: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    '#12b886',
    '#097e5b',
    '#077252',
    '#077051',
  ],
  cyan: [
    '#e3fafc',
    '#c5f6fa',
    '#99e9f2',
    '#66d9e8',
    '#3bc9db',
    '#22b8cf',
    '#15aabf',
    '#0d7b8c',
    '#0a6b7c',
    '#0a6879',
  ],
  blue: [
    '#e7f5ff',
    '#d0ebff',
    '#a5d8ff',
    '#74c0fc',
    '#4dabf7',
    '#339af0',
    '#228be6',
    '#1a73c3',
    '#1664ac',
    '#1864ab',
  ],
};

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, ...statusColors },
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // Mantine puts a focusable role="presentation" element first in every menu, which a role="menu" may not own
    // (axe: aria-required-children, critical); without it the first item takes the focus, as in the ARIA pattern.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * The theme with the texts some components need in every use: the accessible names of icon-only buttons (close
 * on dialogs, drawers and toasts; clear on inputs) and of a table's scroll area, which is focusable so keyboard
 * users can scroll a table wider than the screen. A component that passes its own closeButtonProps,
 * clearButtonProps or scrollAreaProps replaces these.
 */
export function localisedTheme(texts: {
  closeLabel: string;
  clearLabel: string;
  scrollableTableLabel: string;
}) {
  const closeButtonProps = { 'aria-label': texts.closeLabel };
  const clearButtonProps = { 'aria-label': texts.clearLabel };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: {
          defaultProps: { closeButtonProps },
          // Mantine's gray.6 description under a title is 3.3:1 on white.
          styles: { description: { color: 'var(--mantine-color-gray-7)' } },
        },
        FileInput: { defaultProps: { clearButtonProps } },
        Select: { defaultProps: { clearButtonProps } },
        MultiSelect: { defaultProps: { clearButtonProps } },
        TagsInput: { defaultProps: { clearButtonProps } },
        Autocomplete: { defaultProps: { clearButtonProps } },
        TableScrollContainer: {
          defaultProps: {
            scrollAreaProps: {
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': texts.scrollableTableLabel },
            },
          },
        },
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
