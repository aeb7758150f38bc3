import { useEffect, useMemo, useState } from 'react';
import type { TFairRound } from '@bp/contract';
import { crashLinkValid, crashPointX100 } from '@bp/games';
import { api, GameApiError } from '../lib/api';
import { errorText, useI18n } from '../lib/i18n';
import { formatMultiplier } from '../lib/crash-timing';
import { OutcomeView } from './OutcomeView';
import { checkSeeds, queryJson, seedVerdict, VERIFY_KINDS, type TVerifyKind } from './seed-check';

/**
 * `/gs/verify/?round=<id>`: the round's inputs from the server, recomputed here with the same engine
 * code the server runs (`@bp/games`). Every field is editable, so any seeds can be checked.
 * `?kind=ticket&...&params=<table>&outcome=<draw>`: a promotion ticket's draw, whose link carries its
 * prize table and recorded draw (@bp/games ticketVerifyHref), recomputed the same way.
 */
export default function VerifyPage() {
  const { t, lang } = useI18n();
  const params = useMemo(() => new URLSearchParams(window.location.search), []);
  const roundId = params.get('round') ?? '';
  const [round, setRound] = useState<TFairRound | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [kind, setKind] = useState<TVerifyKind>((params.get('kind') as TVerifyKind | null) ?? 'dice');
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const [serverSeedHash, setServerSeedHash] = useState(params.get('serverSeedHash') ?? '');
  const [clientSeed, setClientSeed] = useState(params.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(params.get('nonce') ?? '0');
  const [paramsText, setParamsText] = useState(() => {
    const fromQuery = queryJson(params, 'params');
    return fromQuery ? JSON.stringify(fromQuery, null, 1) : '{}';
  });
  const urlOutcome = useMemo(() => queryJson(params, 'outcome'), [params]);
  const [hash, setHash] = useState(params.get('hash') ?? '');
  const [prevHash, setPrevHash] = useState(params.get('prev') ?? '');
  const urlPoint = params.get('point');

  useEffect(() => {
    document.title = t('verifyTitle');
    if (!roundId) return;
    api.get<TFairRound>(`/gs/api/fair/rounds/${encodeURIComponent(roundId)}`).then(
      (r) => {
        setRound(r);
        setKind(r.kind);
        setServerSeed(r.serverSeed ?? '');
        setServerSeedHash(r.serverSeedHash);
        setClientSeed(r.clientSeed);
        setNonce(String(r.nonce));
        setParamsText(JSON.stringify(r.params, null, 1));
        if (r.kind === 'crash') {
          setHash(str(r.params.hash) ?? str(r.outcome.hash) ?? r.serverSeed ?? '');
          setPrevHash(str(r.params.previousHash) ?? str(r.outcome.previousHash) ?? '');
        }
      },
      (e) =>
        setLoadError(
          e instanceof GameApiError && e.code === 'not_found'
            ? t('roundNotFound')
            : errorText(lang, e instanceof GameApiError ? e.code : 'network', e?.message),
        ),
    );
  }, [roundId, lang, t]);

  return (
    <div className="verify" data-testid="verify-page">
      <header className="verify-head">
        <h1>{t('verifyTitle')}</h1>
        {round && (
          <p className="muted small">
            {t('game')}: {round.gameCode} · {t('roundId')}: <span className="mono">{round.roundId}</span> ·{' '}
            {round.createdAt}
          </p>
        )}
      </header>
      {loadError && (
        <div className="error-bar" role="alert" data-testid="verify-error">
          {loadError}
        </div>
      )}
      {kind === 'crash' ? (
        <CrashCheck
          hash={hash}
          setHash={setHash}
          prevHash={prevHash}
          setPrevHash={setPrevHash}
          recorded={round?.outcome ?? (urlPoint ? { crashPoint: urlPoint } : undefined)}
        />
      ) : (
        <SeedCheck
          kind={kind}
          setKind={setKind}
          fixedKind={!!round}
          serverSeed={serverSeed}
          setServerSeed={setServerSeed}
          serverSeedHash={serverSeedHash}
          setServerSeedHash={setServerSeedHash}
          clientSeed={clientSeed}
          setClientSeed={setClientSeed}
          nonce={nonce}
          setNonce={setNonce}
          paramsText={paramsText}
          setParamsText={setParamsText}
          recorded={round?.outcome ?? urlOutcome}
          revealed={!round || round.serverSeed !== null}
        />
      )}
    </div>
  );
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

function SeedCheck(p: {
  kind: Exclude<TVerifyKind, 'crash'>;
  setKind(k: TVerifyKind): void;
  fixedKind: boolean;
  serverSeed: string;
  setServerSeed(v: string): void;
  serverSeedHash: string;
  setServerSeedHash(v: string): void;
  clientSeed: string;
  setClientSeed(v: string): void;
  nonce: string;
  setNonce(v: string): void;
  paramsText: string;
  setParamsText(v: string): void;
  recorded?: Record<string, unknown>;
  revealed: boolean;
}) {
  const { t } = useI18n();
  const check = useMemo(() => {
    const c = checkSeeds(
      p.kind,
      {
        serverSeed: p.serverSeed,
        serverSeedHash: p.serverSeedHash,
        clientSeed: p.clientSeed,
        nonce: p.nonce,
        paramsText: p.paramsText,
      },
      p.recorded,
    );
    const error = !c.error
      ? undefined
      : c.error.key === 'invalidParams'
        ? t('invalidParams')
        : t('recomputeFailed', { message: c.error.message });
    return { ...c, error, verdict: seedVerdict(p.serverSeed, c) };
  }, [p.serverSeed, p.serverSeedHash, p.clientSeed, p.nonce, p.paramsText, p.kind, p.recorded, t]);
  const verdict = check.verdict;

  return (
    <div className="verify-body">
      <section className="verify-inputs">
        <p className="help">{t('seedsHelp')}</p>
        <label className="field">
          <span>{t('game')}</span>
          <select
            value={p.kind}
            disabled={p.fixedKind}
            onChange={(e) => p.setKind(e.target.value as TVerifyKind)}
            data-testid="verify-kind"
          >
            {VERIFY_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('serverSeed')}</span>
          <input
            value={p.serverSeed}
            placeholder={p.revealed ? '' : t('notRevealed')}
            onChange={(e) => p.setServerSeed(e.target.value)}
            data-testid="verify-server-seed"
            spellCheck={false}
          />
          {!p.revealed && !p.serverSeed && (
            <small className="warn" data-testid="verify-not-revealed">
              {t('notRevealed')}
            </small>
          )}
        </label>
        <label className="field">
          <span>{t('serverSeedHash')}</span>
          <input
            value={p.serverSeedHash}
            onChange={(e) => p.setServerSeedHash(e.target.value)}
            data-testid="verify-server-seed-hash"
            spellCheck={false}
          />
          {check.hashOk !== null && (
            <small className={check.hashOk ? 'pos' : 'neg'} data-testid="verify-hash-check">
              {check.hashOk ? t('hashOk') : t('hashBad')}
            </small>
          )}
        </label>
        <div className="inline">
          <label className="field grow">
            <span>{t('clientSeed')}</span>
            <input
              value={p.clientSeed}
              onChange={(e) => p.setClientSeed(e.target.value)}
              data-testid="verify-client-seed"
              spellCheck={false}
            />
          </label>
          <label className="field nonce">
            <span>{t('nonce').replace(/\s*\(.*\)/, '')}</span>
            <input
              value={p.nonce}
              inputMode="numeric"
              onChange={(e) => p.setNonce(e.target.value.replace(/\D/g, ''))}
              data-testid="verify-nonce"
            />
          </label>
        </div>
        <label className="field">
          <span>{p.kind === 'ticket' ? t('ticketParams') : t('params')}</span>
          <textarea
            rows={3}
            value={p.paramsText}
            onChange={(e) => p.setParamsText(e.target.value)}
            data-testid="verify-params"
            spellCheck={false}
          />
        </label>
      </section>

      <div className={`verdict verdict-${verdict}`} data-testid="verify-verdict" data-verdict={verdict}>
        {verdict === 'ok'
          ? t('verified')
          : verdict === 'bad'
            ? t('mismatch')
            : (check.error ?? t('cannotVerify'))}
      </div>

      <section className="verify-outcomes">
        {p.recorded && (
          <div className="outcome">
            <h2>{t('recorded')}</h2>
            <OutcomeView kind={p.kind} outcome={p.recorded} />
          </div>
        )}
        {check.recomputed && (
          <div className="outcome" data-testid="verify-recomputed">
            <h2>{t('recomputed')}</h2>
            <OutcomeView kind={p.kind} outcome={check.recomputed} />
          </div>
        )}
      </section>
    </div>
  );
}

function CrashCheck(p: {
  hash: string;
  setHash(v: string): void;
  prevHash: string;
  setPrevHash(v: string): void;
  recorded?: Record<string, unknown>;
}) {
  const { t } = useI18n();
  const h = p.hash.trim().toLowerCase();
  const valid = /^[0-9a-f]{64}$/.test(h);
  const point = valid ? crashPointX100(h) : null;
  const prev = p.prevHash.trim().toLowerCase();
  const link = valid && prev ? crashLinkValid(prev, h) : null;
  const recordedPoint = p.recorded ? (str(p.recorded.crashPoint) ?? p.recorded.crashPoint) : undefined;
  const recordedX100 = recordedPoint !== undefined ? Math.round(Number(recordedPoint) * 100) : null;
  const pointOk = point !== null && recordedX100 !== null ? point === recordedX100 : null;
  const verdict = point === null ? 'none' : pointOk === false || link === false ? 'bad' : 'ok';
  return (
    <div className="verify-body">
      <section className="verify-inputs">
        <p className="help">{t('crashHelp')}</p>
        <label className="field">
          <span>{t('crashHash')}</span>
          <input
            value={p.hash}
            onChange={(e) => p.setHash(e.target.value)}
            data-testid="verify-crash-hash"
            spellCheck={false}
          />
        </label>
        <label className="field">
          <span>{t('crashPrevHash')}</span>
          <input
            value={p.prevHash}
            onChange={(e) => p.setPrevHash(e.target.value)}
            data-testid="verify-crash-prev"
            spellCheck={false}
          />
          {link !== null && (
            <small className={link ? 'pos' : 'neg'} data-testid="verify-crash-link">
              {link ? t('crashLinkOk') : t('crashLinkBad')}
            </small>
          )}
        </label>
      </section>
      <div className={`verdict verdict-${verdict}`} data-testid="verify-verdict" data-verdict={verdict}>
        {verdict === 'ok' ? t('verified') : verdict === 'bad' ? t('mismatch') : t('crashNeedsHash')}
      </div>
      <section className="verify-outcomes">
        {recordedX100 !== null && (
          <div className="outcome">
            <h2>{t('recorded')}</h2>
            <p className="big-num">{formatMultiplier(recordedX100)}</p>
          </div>
        )}
        {point !== null && (
          <div className="outcome" data-testid="verify-recomputed">
            <h2>{t('recomputed')}</h2>
            <p className="big-num" data-testid="verify-crash-point">
              {t('crashPoint')}: {formatMultiplier(point)}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
