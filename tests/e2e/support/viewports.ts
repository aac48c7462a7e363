/** The two sizes every screen is checked at: a laptop, and a phone (an iPhone 14's CSS pixels). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
export const PHONE_VIEWPORT = { width: 390, height: 844 };
