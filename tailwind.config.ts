import type { Config } from 'tailwindcss';

// The light theme of SPEC §9; the app has no dark variant.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        primary: { DEFAULT: '#397d3a', dark: '#2c602d', light: '#e6f0e6' },
        secondary: { DEFAULT: '#5a6771', light: '#e9ecee' },
        accent: '#ffffff',
        error: { DEFAULT: '#b71c1c', light: '#fdecea' },
        background: '#fafafa',
      },
    },
  },
} satisfies Config;
