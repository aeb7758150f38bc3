import type { TSliderChallenge } from '@bp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { Modal } from '../../../shared/ui/Modal';
import { fetchSlider, verifySlider } from '../api/session';
import './slider.css';

interface Props {
  /** Receives the single-use sliderToken, or null when the user closed the check. */
  resolve: (token: string | null) => void;
  onClose: () => void;
}

/**
 * Slider verification before a username login or registration (SPEC §4): drag the piece into the gap
 * of the server's picture. One attempt per challenge; a miss loads a new one.
 */
export default function SliderModal({ resolve, onClose }: Props) {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState<TSliderChallenge | null>(null);
  const [x, setX] = useState(0);
  const [status, setStatus] = useState<'idle' | 'checking' | 'retry' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startAt: number; trail: [number, number][] } | null>(null);
  const done = useRef(false);

  const load = useCallback(async () => {
    setChallenge(null);
    setX(0);
    try {
      setChallenge(await fetchSlider());
    } catch (e) {
      setError(errorText(t, e));
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  const finish = (token: string | null) => {
    if (done.current) return;
    done.current = true;
    resolve(token);
    onClose();
  };

  // Display scale: the picture shrinks on narrow phones; positions are sent in picture pixels.
  const scale = () => {
    const w = track.current?.clientWidth ?? 0;
    return challenge && w > 0 ? challenge.width / w : 1;
  };
  const maxX = () => (challenge ? challenge.width - challenge.pieceSize : 0);

  const onDown = (e: React.PointerEvent) => {
    if (!challenge || status === 'checking') return;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX - x / scale(), startAt: performance.now(), trail: [] };
    setStatus('idle');
  };
  const onMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const nx = Math.min(maxX(), Math.max(0, (e.clientX - d.startX) * scale()));
    d.trail.push([Math.round(nx), Math.round(performance.now() - d.startAt)]);
    setX(nx);
  };
  const onUp = async () => {
    const d = drag.current;
    drag.current = null;
    if (!d || !challenge) return;
    setStatus('checking');
    try {
      const { sliderToken } = await verifySlider(challenge.id, Math.round(x), d.trail);
      setStatus('done');
      finish(sliderToken);
    } catch {
      setStatus('retry');
      void load();
    }
  };
  const onKey = (e: React.KeyboardEvent) => {
    // Keyboard users move the piece with the arrows and confirm with Enter.
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const step = e.shiftKey ? 10 : 2;
      setX((v) => Math.min(maxX(), Math.max(0, v + (e.key === 'ArrowRight' ? step : -step))));
      drag.current = null;
    } else if (e.key === 'Enter') {
      drag.current = { startX: 0, startAt: performance.now(), trail: [] };
      void onUp();
    }
  };

  const pct = (v: number) => (challenge ? `${(v / challenge.width) * 100}%` : '0');
  return (
    <Modal
      title={t('sliderTitle')}
      onClose={() => finish(null)}
      size="sm"
      testId="slider-modal"
      closeTestId="slider-close"
    >
      <div className="slider" data-testid="slider" data-status={status}>
        <div
          ref={track}
          className="slider__picture"
          style={challenge ? { aspectRatio: `${challenge.width} / ${challenge.height}` } : undefined}
        >
          {challenge ? (
            <>
              <img
                src={`data:image/png;base64,${challenge.background}`}
                alt=""
                draggable={false}
                data-testid="slider-image"
                data-challenge-id={challenge.id}
              />
              <span
                className="slider__piece"
                style={{
                  left: pct(x),
                  top: `${(challenge.pieceY / challenge.height) * 100}%`,
                  width: pct(challenge.pieceSize),
                  height: `${(challenge.pieceSize / challenge.height) * 100}%`,
                }}
                data-testid="slider-piece"
              />
            </>
          ) : (
            <span className="spinner" />
          )}
        </div>
        <div className="slider__track">
          <span className="slider__fill" style={{ width: `calc(${pct(x)} + 22px)` }} />
          <button
            type="button"
            role="slider"
            aria-label={t('sliderHint')}
            aria-valuemin={0}
            aria-valuemax={challenge ? maxX() : 0}
            aria-valuenow={Math.round(x)}
            className="slider__handle"
            style={{ left: pct(x) }}
            data-testid="slider-handle"
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={() => void onUp()}
            onKeyDown={onKey}
            disabled={!challenge}
          >
            ⇢
          </button>
        </div>
        <p className="slider__hint" aria-live="polite" data-testid="slider-status">
          {error ??
            (status === 'retry' ? t('sliderRetry') : status === 'done' ? t('sliderDone') : t('sliderHint'))}
        </p>
      </div>
    </Modal>
  );
}
