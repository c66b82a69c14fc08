import { Icon } from "#app/components/icons";

/**
 * Line icons for the editor toolbar (24×24, stroke = currentColor), drawn as
 * SVG so they render the same on every system font. Decorative: each button
 * carries its name in aria-label.
 */
const lines = (rows: Array<[number, number]>) => rows.map(([from, to], i) => <path key={i} d={`M${from} ${6 + i * 4}h${to - from}`} />);

export const AlignLeftIcon = () => (
  <Icon>
    {lines([
      [3, 21],
      [3, 15],
      [3, 21],
      [3, 15],
    ])}
  </Icon>
);
export const AlignCenterIcon = () => (
  <Icon>
    {lines([
      [3, 21],
      [6, 18],
      [3, 21],
      [6, 18],
    ])}
  </Icon>
);
export const AlignRightIcon = () => (
  <Icon>
    {lines([
      [3, 21],
      [9, 21],
      [3, 21],
      [9, 21],
    ])}
  </Icon>
);
export const AlignJustifyIcon = () => (
  <Icon>
    {lines([
      [3, 21],
      [3, 21],
      [3, 21],
      [3, 21],
    ])}
  </Icon>
);

export const BulletListIcon = () => (
  <Icon>
    <path d="M9 6h12M9 12h12M9 18h12" />
    <circle cx="4" cy="6" r="1" fill="currentColor" />
    <circle cx="4" cy="12" r="1" fill="currentColor" />
    <circle cx="4" cy="18" r="1" fill="currentColor" />
  </Icon>
);
export const NumberedListIcon = () => (
  <Icon>
    <path d="M10 6h11M10 12h11M10 18h11M4 4v4M3 8h2M3 14a1.5 1.5 0 0 1 3 0c0 1.5-3 2-3 4h3" />
  </Icon>
);
export const OutdentIcon = () => (
  <Icon>
    <path d="M21 6H11M21 12H11M21 18H11M7 9l-3 3 3 3" />
  </Icon>
);
export const IndentIcon = () => (
  <Icon>
    <path d="M21 6H11M21 12H11M21 18H11M3 9l3 3-3 3" />
  </Icon>
);
export const QuoteIcon = () => (
  <Icon>
    <path d="M4 17c2 0 3-1.5 3-4V7H3v6h4M14 17c2 0 3-1.5 3-4V7h-4v6h4" />
  </Icon>
);
export const LinkIcon = () => (
  <Icon>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);
export const ImageIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </Icon>
);
export const VideoIcon = () => (
  <Icon>
    <rect x="2" y="5" width="20" height="14" rx="3" />
    <path d="m10 9 5 3-5 3Z" />
  </Icon>
);
export const ClearFormattingIcon = () => (
  <Icon>
    <path d="M4 7V5h14v2M9 19h4M11 5 9 19M15 14l6 6M21 14l-6 6" />
  </Icon>
);

export const MoreIcon = () => (
  <Icon>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </Icon>
);

export const SparklesIcon = () => (
  <Icon>
    <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
    <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
  </Icon>
);
