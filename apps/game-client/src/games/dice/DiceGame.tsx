import { useEffect, useRef, useState } from 'react';
import type { TDiceRound } from '@bp/contract';
import { DICE_LIMITS, diceMultiplierX10000 } from '@bp/games';
import { api } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatX10000, fromCents, toCents } from '../../lib/money';
import { requestId } from '../../lib/request-id';
import { usePlay } from '../../play/play-context';
import { StakeSelector } from '../../play/StakeSelector';

const MIN_ROLL_MS = 450;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** hundredths -> "49.50" */
const hundredths = (n: number) => fromCents(BigInt(n));

/** Dice: a target 0.01..99.98, roll over or under it; the multiplier follows the chance (1% edge). */
export default function DiceGame() {
  const { t } = useI18n();
  const play = usePlay();
  const [target, setTarget] = useState(5000);
  const [over, setOver] = useState(true);
  const [rolling, setRolling] = useState(false);
  const [last, setLast] = useState<TDiceRound | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    // StrictMode mounts twice: the second mount must be alive again
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const chance = over ? 9999 - target : target; // winning rolls out of 10000, i.e. hundredths of a percent
  const x10000 = diceMultiplierX10000(target, over);

  const roll = async () => {
    if (rolling) return;
    const before = play.balance;
    play.clearError();
    setRolling(true);
    play.setBalance(fromCents(toCents(before) - toCents(play.stake)));
    const started = Date.now();
    try {
      const res = await api.post<TDiceRound>('/gs/api/dice/roll', {
        bet: play.stake,
        target: hundredths(target),
        over,
        requestId: requestId(),
      });
      await sleep(Math.max(0, MIN_ROLL_MS - (Date.now() - started)));
      if (!alive.current) return;
      setLast(res);
      play.setBalance(res.balance);
      play.roundPlayed(res);
    } catch (e) {
      play.setBalance(before);
      play.fail(e);
    } finally {
      if (alive.current) setRolling(false);
    }
  };

  const won = last ? toCents(last.win) > 0n : false;
  const rollAt = last ? Number(last.roll) : null;

  return (
    <div className="dice" data-testid="dice">
      <div className="dice-main">
        <div
          className={`dice-roll${rolling ? ' rolling' : last ? (won ? ' pos' : ' neg') : ''}`}
          data-testid="dice-result"
          data-roll={last?.roll}
          data-won={last ? String(won) : undefined}
          aria-live="polite"
        >
          {rolling ? t('rolling') : last ? last.roll : '—'}
        </div>
        {last && !rolling && (
          <div className={won ? 'pos' : 'muted'} data-testid="dice-win">
            {won ? `${t('win')}: ${play.money(last.win)}` : t('noWin')}
          </div>
        )}
        <div className="dice-track" style={{ ['--target' as string]: `${target / 100}%` }} data-over={over}>
          <div className="dice-track-win" />
          {rollAt !== null && !rolling && (
            <div className={`dice-marker${won ? ' pos' : ' neg'}`} style={{ left: `${rollAt}%` }}>
              {last!.roll}
            </div>
          )}
        </div>
        <input
          type="range"
          className="dice-slider"
          min={DICE_LIMITS.minTarget}
          max={DICE_LIMITS.maxTarget}
          step={1}
          value={target}
          disabled={rolling}
          aria-label={t('target')}
          data-testid="dice-target"
          onChange={(e) => setTarget(Number(e.target.value))}
        />
        <div className="dice-stats">
          <div>
            <span className="control-label">{t('target')}</span>
            <strong data-testid="dice-target-value">{hundredths(target)}</strong>
          </div>
          <div>
            <span className="control-label">{t('winChance')}</span>
            <strong data-testid="dice-chance">{hundredths(chance)}%</strong>
          </div>
          <div>
            <span className="control-label">{t('multiplier')}</span>
            <strong data-testid="dice-multiplier">{formatX10000(x10000)}x</strong>
          </div>
        </div>
        <div className="toggle" role="group">
          <button
            className={`btn${!over ? ' on' : ''}`}
            aria-pressed={!over}
            data-testid="dice-under"
            disabled={rolling}
            onClick={() => setOver(false)}
          >
            {t('rollUnder')}
          </button>
          <button
            className={`btn${over ? ' on' : ''}`}
            aria-pressed={over}
            data-testid="dice-over"
            disabled={rolling}
            onClick={() => setOver(true)}
          >
            {t('rollOver')}
          </button>
        </div>
      </div>
      <div className="controls">
        <StakeSelector disabled={rolling} />
        <button className="btn primary spin" data-testid="dice-roll" disabled={rolling} onClick={roll}>
          {rolling ? t('rolling') : t('roll')}
        </button>
      </div>
    </div>
  );
}
