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
    case 'eye':
      return (
        <g>
          <path d="M8 50 Q50 14 92 50 Q50 86 8 50 Z" fill="#fdfdf8" stroke={c} strokeWidth="5" />
          <circle cx="50" cy="50" r="15" fill={c} />
          <circle cx="50" cy="50" r="6" fill="#1b1030" />
          <path d="M40 66 L34 88 M56 66 Q70 84 82 78" stroke={c} strokeWidth="5" fill="none" />
        </g>
      );
    case 'ankh':
      return (
        <g fill="none" stroke={c} strokeWidth="10" strokeLinecap="round">
          <ellipse cx="50" cy="30" rx="14" ry="18" />
          <path d="M50 48 V90 M24 54 H76" />
        </g>
      );
    case 'pyramid':
      return (
        <g>
          <polygon points="50,12 92,84 8,84" fill={c} />
          <polygon points="50,12 92,84 56,84" fill="#0003" />
          <path d="M30 50 H70 M20 68 H80" stroke="#0004" strokeWidth="3" />
        </g>
      );
    case 'bird':
      return (
        <g fill={c}>
          <path d="M50 40 C30 20 12 24 6 30 C22 34 32 44 40 56 Z" />
          <path d="M50 40 C70 20 88 24 94 30 C78 34 68 44 60 56 Z" />
          <ellipse cx="50" cy="56" rx="12" ry="18" />
          <circle cx="50" cy="34" r="9" />
          <polygon points="50,30 60,34 50,38" fill="#ffd84d" />
          <path d="M42 72 L50 92 L58 72 Z" />
        </g>
      );
    case 'shell':
      return (
        <g>
          <path d="M50 86 L12 46 A40 40 0 0 1 88 46 Z" fill={c} />
          <path
            d="M50 86 L30 16 M50 86 L50 10 M50 86 L70 16 M50 86 L14 34 M50 86 L86 34"
            stroke="#0003"
            strokeWidth="4"
          />
        </g>
      );
    case 'octopus':
      return (
        <g fill={c}>
          <ellipse cx="50" cy="38" rx="26" ry="24" />
          {[20, 34, 48, 62, 76].map((x) => (
            <path
              key={x}
              d={`M${x + 2} 52 q-6 18 ${x < 50 ? -6 : 6} 34`}
              stroke={c}
              strokeWidth="8"
              fill="none"
              strokeLinecap="round"
            />
          ))}
          <circle cx="41" cy="36" r="5" fill="#1b1030" />
          <circle cx="59" cy="36" r="5" fill="#1b1030" />
        </g>
      );
    case 'crab':
      return (
        <g fill={c}>
          <ellipse cx="50" cy="58" rx="28" ry="18" />
          <circle cx="18" cy="30" r="11" />
          <circle cx="82" cy="30" r="11" />
          <path d="M28 50 L20 38 M72 50 L80 38 M26 66 L10 76 M74 66 L90 76" stroke={c} strokeWidth="6" />
          <circle cx="42" cy="46" r="4" fill="#1b1030" />
          <circle cx="58" cy="46" r="4" fill="#1b1030" />
        </g>
      );
    case 'turtle':
      return (
        <g fill={c}>
          <circle cx="84" cy="50" r="9" />
          <ellipse cx="26" cy="28" rx="8" ry="6" />
          <ellipse cx="26" cy="72" rx="8" ry="6" />
          <ellipse cx="70" cy="28" rx="8" ry="6" />
          <ellipse cx="70" cy="72" rx="8" ry="6" />
          <ellipse cx="48" cy="50" rx="30" ry="24" />
          <polygon points="48,36 60,44 56,58 40,58 36,44" fill="#0003" />
        </g>
      );
    case 'paw':
      return (
        <g fill={c}>
          <ellipse cx="50" cy="64" rx="20" ry="17" />
          <ellipse cx="26" cy="42" rx="8" ry="10" />
          <ellipse cx="42" cy="28" rx="8" ry="11" />
          <ellipse cx="58" cy="28" rx="8" ry="11" />
          <ellipse cx="74" cy="42" rx="8" ry="10" />
        </g>
      );
    case 'lantern':
      return (
        <g>
          <path d="M50 6 V16" stroke="#ffd84d" strokeWidth="4" />
          <rect x="36" y="14" width="28" height="8" rx="2" fill="#ffd84d" />
          <ellipse cx="50" cy="50" rx="30" ry="28" fill={c} />
          <path
            d="M50 22 V78 M34 26 Q26 50 34 74 M66 26 Q74 50 66 74"
            stroke="#0003"
            strokeWidth="3"
            fill="none"
          />
          <rect x="36" y="76" width="28" height="8" rx="2" fill="#ffd84d" />
          <path d="M44 84 V96 M50 84 V96 M56 84 V96" stroke="#ffd84d" strokeWidth="3" />
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
