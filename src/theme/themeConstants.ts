/** Layout and theme constants of specification section 9. */
export const PRIMARY_COLOR = '#1877F2';
export const BORDER_RADIUS = 8;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const NAV_WIDTH = 300;
export const MOBILE_NAV_WIDTH = 320;
export const NAV_ITEM_HEIGHT = 44;
export const HEADER_HEIGHT_MOBILE = 64;
export const HEADER_HEIGHT_DESKTOP = 72;
export const AUTH_CONTENT_WIDTH = 450;
export const BACK_TO_TOP_THRESHOLD = 200;
