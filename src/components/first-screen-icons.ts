/**
 * The icons the first screen's code draws (the error presenter, the reload of a failed screen,
 * the login page's notice), copied from @mdi/js 7.4 (first-screen-icons.test.ts keeps them equal).
 *
 * Why copies: @mdi/js is one module, so every icon any lazy screen uses lands in whichever chunk
 * holds that module. Imported on the way to /login, that chunk came with it: every icon of the
 * app, 6 KB gzip and growing with each screen. Code that runs before a screen loads imports its
 * icons from here; screens import @mdi/js, which then lives in a lazy chunk of its own.
 */
export const mdiAlertCircleOutline =
  'M11,15H13V17H11V15M11,7H13V13H11V7M12,2C6.47,2 2,6.5 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4A8,8 0 0,1 20,12A8,8 0 0,1 12,20Z';
export const mdiReload =
  'M2 12C2 16.97 6.03 21 11 21C13.39 21 15.68 20.06 17.4 18.4L15.9 16.9C14.63 18.25 12.86 19 11 19C4.76 19 1.64 11.46 6.05 7.05C10.46 2.64 18 5.77 18 12H15L19 16H19.1L23 12H20C20 7.03 15.97 3 11 3C6.03 3 2 7.03 2 12Z';
export const mdiInformationOutline =
  'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z';
