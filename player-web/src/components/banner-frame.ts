/**
 * The frame of a page's top banner (the home hero, the trophy hunt's sponsor band): a card from 600 px, edge to edge
 * with a line below it on a phone. The banner adds its own background picture and padding.
 */
export const bannerFrame = {
  position: 'relative',
  overflow: 'hidden',
  borderRadius: { xs: 0, sm: 3 },
  mx: { xs: -2, sm: 0 },
  borderStyle: 'solid',
  borderColor: 'divider',
  borderWidth: { xs: '0 0 1px', sm: '1px' },
  bgcolor: 'background.paper',
} as const;
