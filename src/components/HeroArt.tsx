/** Decoration for wide screens: a globe crossed by a network of connected people. */
export function HeroArt() {
  const nodes: [number, number][] = [
    [120, 96], [262, 70], [330, 176], [84, 214], [214, 200], [150, 310], [292, 296],
  ];
  const links: [number, number][] = [
    [0, 1], [1, 2], [0, 3], [0, 4], [1, 4], [2, 4], [3, 5], [4, 5], [4, 6], [2, 6], [5, 6],
  ];
  return (
    <svg className="hero__art" viewBox="0 0 400 400" width="400" height="400" aria-hidden="true" focusable="false">
      <g fill="none" stroke="rgb(255 255 255 / 0.18)" strokeWidth="2">
        <circle cx="200" cy="200" r="170" />
        <ellipse cx="200" cy="200" rx="80" ry="170" />
        <path d="M30 200h340M58 115h284M58 285h284" />
      </g>
      <g stroke="rgb(94 234 212 / 0.7)" strokeWidth="2.5">
        {links.map(([from, to]) => (
          <line key={`${from}-${to}`} x1={nodes[from]![0]} y1={nodes[from]![1]} x2={nodes[to]![0]} y2={nodes[to]![1]} />
        ))}
      </g>
      <g fill="#5eead4">
        {nodes.map(([x, y], index) => (
          <circle key={index} cx={x} cy={y} r={index === 4 ? 14 : 9} fill={index === 4 ? '#fcd34d' : undefined} />
        ))}
      </g>
    </svg>
  );
}
