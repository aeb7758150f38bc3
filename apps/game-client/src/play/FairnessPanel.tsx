import { useState } from 'react';
import type { TFairness } from '@bp/contract';
import { api } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { usePlay } from './play-context';
import { verifyHref } from './verify-link';

interface TRotated {
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
  current: TFairness;
}

/** Server seed hash, editable client seed, nonce, and rotation that reveals the previous seed. */
export function FairnessPanel(props: {
  fairness: TFairness;
  setFairness(f: TFairness): void;
  lastRoundId: string | null;
}) {
  const { t, lang } = useI18n();
  const { fail, clearError } = usePlay();
  const [clientSeed, setClientSeed] = useState(props.fairness.clientSeed);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [rotated, setRotated] = useState<TRotated | null>(null);

  const saveSeed = async () => {
    setBusy(true);
    clearError();
    try {
      const f = await api.post<TFairness>('/gs/api/fair/client-seed', { clientSeed: clientSeed.trim() });
      props.setFairness(f);
      setClientSeed(f.clientSeed);
      setSaved(true);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    setBusy(true);
    clearError();
    try {
      const r = await api.post<TRotated>('/gs/api/fair/rotate', {});
      setRotated(r);
      props.setFairness(r.current);
      setClientSeed(r.current.clientSeed);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fairness">
      <p className="help">{t('fairnessHelp')}</p>
      <label className="field">
        <span>{t('serverSeedHash')}</span>
        <code className="mono" data-testid="server-seed-hash">
          {props.fairness.serverSeedHash}
        </code>
      </label>
      <label className="field">
        <span>{t('clientSeed')}</span>
        <div className="inline">
          <input
            value={clientSeed}
            maxLength={64}
            data-testid="client-seed"
            onChange={(e) => {
              setClientSeed(e.target.value);
              setSaved(false);
            }}
          />
          <button
            className="btn"
            data-testid="client-seed-save"
            disabled={
              busy ||
              !/^[\x21-\x7e]{1,64}$/.test(clientSeed.trim()) ||
              clientSeed === props.fairness.clientSeed
            }
            onClick={saveSeed}
          >
            {saved ? t('saved') : t('save')}
          </button>
        </div>
      </label>
      <div className="field">
        <span>{t('nonce')}</span>
        <strong data-testid="nonce">{props.fairness.nonce}</strong>
      </div>
      <button className="btn wide" data-testid="rotate-seed" disabled={busy} onClick={rotate}>
        {t('rotateSeed')}
      </button>
      {rotated && (
        <div className="revealed" data-testid="revealed-seed">
          <div className="field">
            <span>{t('previousSeed')}</span>
            <code className="mono" data-testid="revealed-server-seed">
              {rotated.previous.serverSeed}
            </code>
          </div>
          <div className="field">
            <span>{t('previousHash')}</span>
            <code className="mono">{rotated.previous.serverSeedHash}</code>
          </div>
          <div className="field">
            <span>{t('previousClientSeed')}</span>
            <code className="mono">{rotated.previous.clientSeed}</code>
          </div>
          <div className="field">
            <span>{t('previousNonce')}</span>
            <strong>{rotated.previous.nonce}</strong>
          </div>
          {props.lastRoundId && (
            <a
              className="btn wide"
              href={verifyHref(props.lastRoundId, lang)}
              target="_blank"
              rel="noopener"
              data-testid="verify-last-round"
            >
              {t('verifyLastRound')}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
