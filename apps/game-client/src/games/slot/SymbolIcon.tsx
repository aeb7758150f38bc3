import type { TSymbolFace } from './symbol-faces';

/** One slot symbol as inline SVG in a 100x100 box. */
export function SymbolIcon({ face }: { face: TSymbolFace }) {
  const c = face.color;
  return (
    <svg viewBox="0 0 100 100" className="sym" aria-label={face.label} role="img">
      {shape(face, c)}
    </svg>
  );
}

function shape({ face, label }: TSymbolFace, c: string) {
  switch (face) {
    case 'seven':
      return (
        <text
          x="50"
          y="78"
          textAnchor="middle"
          fontSize="78"
          fontWeight="900"
          fill={c}
          stroke="#fff3"
          strokeWidth="3"
        >
          7
        </text>
      );
    case 'cherry':
      return (
        <g>
          <path
            d="M50 18 C46 40 36 50 32 62 M50 18 C56 40 64 50 68 60"
            stroke="#3ddc84"
            strokeWidth="5"
            fill="none"
          />
          <path d="M50 18 q16 -6 24 4 q-14 6 -24 -4z" fill="#3ddc84" />
          <circle cx="32" cy="70" r="16" fill={c} />
          <circle cx="68" cy="68" r="16" fill={c} />
          <circle cx="27" cy="64" r="4" fill="#fff6" />
          <circle cx="63" cy="62" r="4" fill="#fff6" />
        </g>
      );
    case 'bell':
      return (
        <g fill={c}>
          <path d="M50 14 c-18 0 -26 16 -26 34 v14 l-8 12 h68 l-8 -12 v-14 c0 -18 -8 -34 -26 -34z" />
          <circle cx="50" cy="80" r="8" />
          <rect x="46" y="8" width="8" height="8" rx="3" />
        </g>
      );
    case 'gem':
      return (
        <g>
          <polygon points="20,38 34,18 66,18 80,38 50,86" fill={c} />
          <polygon points="20,38 80,38 50,86" fill="#0003" />
          <polygon points="34,18 50,38 66,18" fill="#fff5" />
        </g>
      );
    case 'crown':
      return (
        <g fill={c}>
          <polygon points="14,74 18,30 36,50 50,22 64,50 82,30 86,74" />
          <rect x="14" y="74" width="72" height="10" rx="2" />
          <circle cx="50" cy="62" r="6" fill="#ff4d4f" />
        </g>
      );
    case 'bar':
      return (
        <g>
          <rect x="10" y="34" width="80" height="32" rx="6" fill={c} />
          <text x="50" y="59" textAnchor="middle" fontSize="24" fontWeight="900" fill="#1b1030">
            BAR
          </text>
        </g>
      );
    case 'star':
      return (
        <polygon
          points="50,10 61,38 91,38 67,56 76,86 50,68 24,86 33,56 9,38 39,38"
          fill={c}
          stroke="#fff4"
          strokeWidth="2"
        />
      );
    case 'coin':
      return (
        <g>
          <circle cx="50" cy="50" r="36" fill={c} />
          <circle cx="50" cy="50" r="26" fill="none" stroke="#0003" strokeWidth="5" />
          <text x="50" y="62" textAnchor="middle" fontSize="32" fontWeight="900" fill="#0005">
            $
          </text>
        </g>
      );
    case 'lemon':
      return (
        <g>
          <ellipse cx="50" cy="52" rx="34" ry="26" fill={c} />
          <ellipse cx="40" cy="44" rx="10" ry="5" fill="#fff5" />
        </g>
      );
    case 'grape':
      return (
        <g fill={c}>
          {[
            [38, 34],
            [62, 34],
            [50, 34],
            [44, 50],
            [56, 50],
            [50, 66],
            [32, 50],
            [68, 50],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y! + 6} r="10" />
          ))}
          <path d="M50 16 v14" stroke="#3ddc84" strokeWidth="5" />
        </g>
      );
    case 'heart':
      return <path d="M50 84 L16 50 A18 18 0 0 1 50 24 A18 18 0 0 1 84 50 Z" fill={c} />;
    case 'clover':
      return (
        <g fill={c}>
          <circle cx="50" cy="32" r="15" />
          <circle cx="32" cy="52" r="15" />
          <circle cx="68" cy="52" r="15" />
          <path d="M50 52 q4 22 14 32" stroke={c} strokeWidth="6" fill="none" />
        </g>
      );
    case 'moon':
      return <path d="M62 12 A38 38 0 1 0 88 66 A30 30 0 1 1 62 12 Z" fill={c} />;
    case 'fish':
      return (
        <g fill={c}>
          <ellipse cx="44" cy="50" rx="30" ry="18" />
          <polygon points="70,50 90,32 90,68" />
          <circle cx="30" cy="46" r="4" fill="#1b1030" />
        </g>
      );
    case 'leaf':
      return (
        <g>
          <path d="M20 80 C20 40 50 16 84 16 C84 52 60 80 20 80 Z" fill={c} />
          <path d="M20 80 L70 30" stroke="#0004" strokeWidth="4" />
        </g>
      );
    case 'wild':
      return (
        <g>
          <rect x="6" y="26" width="88" height="48" rx="10" fill="#7c2cff" stroke={c} strokeWidth="4" />
          <text x="50" y="60" textAnchor="middle" fontSize="26" fontWeight="900" fill={c}>
            WILD
          </text>
        </g>
      );
    case 'scatter':
      return (
        <g>
          <circle cx="50" cy="50" r="40" fill="#2a0f3f" stroke={c} strokeWidth="4" />
          <polygon points="50,18 58,40 82,40 62,54 70,78 50,64 30,78 38,54 18,40 42,40" fill={c} />
        </g>
      );
    default:
      return (
        <text
          x="50"
          y={label.length > 1 ? 66 : 72}
          textAnchor="middle"
          fontSize={label.length > 1 ? 46 : 64}
          fontWeight="900"
          fill={c}
          stroke="#0006"
          strokeWidth="2"
        >
          {label}
        </text>
      );
  }
}
