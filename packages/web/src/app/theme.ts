import {
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
  createTheme,
  defaultVariantColorsResolver,
} from '@mantine/core';
import type { TFunction } from 'i18next';

// Issue 12: staff read Sandbar on a tablet in full sun. Every text and control is at least 4.5:1
// against its background (WCAG AA); the primary colour keeps Sandbar's sea blue-green but starts
// where white text on it passes (index 6: 5.6:1, the top bar's index 8: 7.6:1).
const sea: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#1098ad',
  '#0b7285',
  '#0a6677',
  '#095c6b',
  '#074e5b',
];

/**
 * Text colours for Mantine's named colours on white and on their own light tints, at least 5:1
 * (Mantine's index 6 text is 2–4:1; its index 9 still fails for green, orange, yellow and lime).
 */
const strong: Record<string, string> = {
  dark: '#212529',
  gray: '#212529',
  red: '#b52626',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0a6778',
  teal: '#077252',
  green: '#226e32',
  lime: '#406809',
  yellow: '#a15300',
  orange: '#ae3a0c',
  sea: '#074e5b',
};
/** Bright colours keep their look when filled and carry near-black text instead. */
const brightFills = new Set(['yellow', 'lime', 'orange']);

/**
 * Mantine's variant colours, made legible: a named colour without a shade fills with its strong
 * tone (white text), bright ones keep their tint with dark text, and text variants use the strong
 * tone. An explicit shade ("red.2") or a CSS colour is left as the screen asked.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  const tone = strong[name];
  if (!tone) return base;
  if (input.variant === 'filled') {
    if (brightFills.has(name)) return { ...base, color: '#1f2933', hoverColor: '#1f2933' };
    if (name === input.theme.primaryColor) return base;
    return { ...base, background: tone, hover: tone, color: '#fff' };
  }
  if (['light', 'outline', 'subtle', 'transparent', 'default'].includes(input.variant)) {
    return { ...base, color: tone, hoverColor: tone };
  }
  return base;
};

/** Grey helper text and placeholders darkened from Mantine's 3.3:1 and 2.1:1 to 8:1; errors to 5.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-sea-7)',
  },
  dark: {},
});

/**
 * The app's Mantine theme. Built per language: close buttons (modals, drawers, toasts) get their
 * accessible name here, once, instead of on every screen.
 */
export function buildTheme(t: TFunction) {
  const close = { 'aria-label': t('ui.close') };
  return createTheme({
    primaryColor: 'sea',
    primaryShade: 6,
    colors: { sea },
    defaultRadius: 'md',
    focusRing: 'auto',
    variantColorResolver,
    components: {
      CloseButton: { defaultProps: close },
      Modal: { defaultProps: { closeButtonProps: close } },
      Drawer: { defaultProps: { closeButtonProps: close } },
      Notification: { defaultProps: { closeButtonProps: close } },
      // Decision 266: no 24-px steppers a finger cannot name or hit; amounts are typed on the
      // number keyboard (inputMode decimal), small counts use CountInput's 48-px − and +.
      NumberInput: { defaultProps: { hideControls: true } },
    },
  });
}
