import { useTranslation } from 'react-i18next';
/** A rising chart with coins: an inline SVG, so the page needs no image requests. */
export function HeroIllustration() {
  const { t } = useTranslation('home');
  return (
    <svg viewBox="0 0 420 320" width="100%" height="100%" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#ffd166" stopOpacity="0.55" />
          <stop offset="100%" stopColor="#ffd166" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="10" y="20" width="400" height="280" rx="24" fill="#13335e" />
      {[80, 130, 180, 230].map((y) => (
        <line key={y} x1="40" x2="380" y1={y} y2={y} stroke="#2a4d7f" strokeWidth="1" />
      ))}
      <path
        d="M40 250 L95 215 L140 228 L190 170 L240 185 L290 120 L335 132 L380 70 L380 270 L40 270 Z"
        fill="url(#hero-area)"
      />
      <path
        d="M40 250 L95 215 L140 228 L190 170 L240 185 L290 120 L335 132 L380 70"
        fill="none"
        stroke="#ffd166"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="380" cy="70" r="10" fill="#ffd166" />
      {[
        { x: 70, h: 40 },
        { x: 115, h: 62 },
        { x: 160, h: 50 },
        { x: 205, h: 84 },
        { x: 250, h: 72 },
        { x: 295, h: 104 },
        { x: 340, h: 96 },
      ].map((bar) => (
        <rect
          key={bar.x}
          x={bar.x}
          y={270 - bar.h * 0.5}
          width="18"
          height={bar.h * 0.5}
          rx="4"
          fill="#5fa8ff"
          opacity="0.45"
        />
      ))}
      <g>
        <ellipse cx="70" cy="78" rx="34" ry="12" fill="#e0a800" />
        <rect x="36" y="60" width="68" height="18" fill="#ffc233" />
        <ellipse cx="70" cy="60" rx="34" ry="12" fill="#ffd966" />
        <text x="70" y="66" textAnchor="middle" fontSize="16" fontWeight="800" fill="#7a5200">
          $
        </text>
      </g>
      <g>
        <rect x="250" y="230" width="130" height="48" rx="12" fill="#ffffff" />
        <text x="266" y="252" fontSize="13" fill="#46525f">
          {t('hero.portfolio')}
        </text>
        <text x="266" y="270" fontSize="16" fontWeight="800" fill="#1a6b43">
          +12.4%
        </text>
      </g>
    </svg>
  );
}
