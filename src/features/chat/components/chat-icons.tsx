/**
 * Icons only chat's offline states use, drawn like src/ui/icons.tsx (one path each keeps the DOM small); the bubble's
 * clock lives in message-bubble.tsx so it loads with the pane.
 */
export const svgProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export const CloudOffIcon = ({ size = 16 }: { size?: number }) => (
  <svg width={size} height={size} aria-hidden="true" {...svgProps}>
    <path d="M3 3l18 18M8.5 8.6A5 5 0 0 0 6 18h11.3M18.6 17.8A4 4 0 0 0 17.5 10h-.4A6 6 0 0 0 9.4 5.5" />
  </svg>
);
