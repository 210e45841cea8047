/** Layout and theme constants of specification section 9. */
/** The brand blue: fills and large type (white on it is 4.23:1, short of AA for small text). */
export const PRIMARY_COLOR = '#1877F2';
/** The brand blue darkened for text, links and small buttons on light backgrounds: 5.4:1 on white. */
export const PRIMARY_TEXT_LIGHT_MODE = '#1565D8';
/** The brand blue lightened for text on dark backgrounds: 6.7:1 on #121212, dark text on it as a fill. */
export const PRIMARY_TEXT_DARK_MODE = '#5B9CF5';
export const BORDER_RADIUS = 8;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const NAV_WIDTH = 300;
export const MOBILE_NAV_WIDTH = 320;
export const NAV_ITEM_HEIGHT = 44;
export const HEADER_HEIGHT_MOBILE = 64;
export const HEADER_HEIGHT_DESKTOP = 72;
export const AUTH_CONTENT_WIDTH = 450;
export const BACK_TO_TOP_THRESHOLD = 200;
