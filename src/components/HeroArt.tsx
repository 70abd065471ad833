/**
 * Decoration for wide screens: the logo's globe drawn large, its grid faint,
 * with the network running along the grid lines (as the logo's equator does),
 * so nothing crosses the globe at random and nothing reaches past its rim.
 */
export function HeroArt() {
  // On the meridian (rx 80): where it crosses the equator, and the latitudes at y 115 and 285 (x = 200 ± 80·√(1 − 0.5²)).
  const nodes: [number, number][] = [
    [120, 200],
    [280, 200],
    [130.7, 115],
    [269.3, 115],
    [269.3, 285],
    [130.7, 285],
  ];
  return (
    <svg className="hero__art" viewBox="0 0 400 400" width="400" height="400" aria-hidden="true" focusable="false">
      <g fill="none" stroke="rgb(255 255 255 / 0.2)" strokeWidth="2">
        <circle cx="200" cy="200" r="170" />
        <ellipse cx="200" cy="200" rx="80" ry="170" />
        <ellipse cx="200" cy="200" rx="140" ry="170" />
        <path d="M52.8 115h294.4M52.8 285h294.4" />
      </g>
      <path
        d="M31 200h338M130.7 115A80 170 0 0 0 120 200M280 200a80 170 0 0 1-10.7 85M130.7 115h138.6M130.7 285h138.6"
        fill="none"
        stroke="rgb(94 234 212 / 0.75)"
        strokeWidth="3"
      />
      <g fill="#5eead4">
        {nodes.map(([x, y]) => (
          <circle key={`${x},${y}`} cx={x} cy={y} r="9" />
        ))}
      </g>
      <circle cx="200" cy="200" r="15" fill="#fcd34d" />
    </svg>
  );
}
