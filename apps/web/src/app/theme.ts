import { createTheme } from '@mui/material/styles';
import { breakpoints } from '@bullpen/contract/constants';

/** Colours chosen for WCAG AA contrast on their usual backgrounds (see comments). */
export const brand = {
  navy: '#0b2545', // header and footer; white text 15.6:1
  blue: '#1457b8', // primary; white text 6.6:1, on white 6.6:1
  green: '#1a6b43', // secondary; white text 6.5:1
  gold: '#ffd166', // points badge; navy text 10.9:1
  mist: '#f3f6fb', // section background; primary text 6.1:1
  focusOnDark: '#ffd166',
  focusOnLight: '#1457b8',
} as const;

const palette = {
  primary: { main: brand.blue, dark: '#0d3f88', contrastText: '#ffffff' },
  secondary: { main: brand.green, contrastText: '#ffffff' },
  success: { main: '#1a6b43' },
  error: { main: '#b3261e' },
  warning: { main: '#8a5300' },
  info: { main: '#0b5f8a' },
  text: { primary: '#15202b', secondary: '#46525f' },
  background: { default: '#ffffff', paper: '#ffffff' },
} as const;

/**
 * The palette as CSS variables on :root (app/baseline.css, held to these values by
 * baseline.test.ts), for the components drawn with static CSS instead of MUI's styled components
 * (decision 020).
 */
export const paletteVariables = {
  '--focus-ring': brand.focusOnLight,
  '--bp-primary': palette.primary.main,
  '--bp-primary-dark': palette.primary.dark,
  '--bp-on-primary': palette.primary.contrastText,
  '--bp-success': palette.success.main,
  '--bp-error': palette.error.main,
  '--bp-warning': palette.warning.main,
  '--bp-text': palette.text.primary,
  '--bp-text-secondary': palette.text.secondary,
  '--bp-paper': palette.background.paper,
  '--bp-mist': brand.mist,
};

export const theme = createTheme({
  breakpoints: { values: { ...breakpoints } },
  palette,
  shape: { borderRadius: 10 },
  typography: {
    h1: { fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15 },
    h2: { fontSize: '1.75rem', fontWeight: 750, lineHeight: 1.2 },
    h3: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
