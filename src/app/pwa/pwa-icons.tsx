/** The PWA entry points' icons, drawn in src/ui/icons.tsx's base (24-unit stroke), kept here as only they use them. */
import { Svg } from '#ui/icons.tsx';

/** Arrow into a tray: 'Install app'. */
export const InstallIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M12 3v12m-5-5 5 5 5-5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </Svg>
);

/** Safari's Share glyph (a box with an arrow up), so the steps match what the reader sees. */
export const ShareIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M12 3v12M8 7l4-4 4 4M8 11H6a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-2" />
  </Svg>
);

/** Safari's 'Add to Home Screen' glyph: a plus in a rounded square. */
export const AddSquareIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <rect x="4" y="4" width="16" height="16" rx="3" />
    <path d="M12 8v8M8 12h8" />
  </Svg>
);
