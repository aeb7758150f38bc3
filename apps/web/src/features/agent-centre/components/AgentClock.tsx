import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { gmtOffset } from '../hooks/gmt-offset';

/** SPEC §2.5 header: the merchant's GMT offset and a clock in its time zone, ticking every second. */
export function AgentClock({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // aligned to the second boundary so the display turns over when a wall clock does
    let timer = setTimeout(
      function tick() {
        setNow(new Date());
        timer = setTimeout(tick, 1000 - (Date.now() % 1000));
      },
      1000 - (Date.now() % 1000),
    );
    return () => clearTimeout(timer);
  }, []);
  return (
    <span className="ac-clock" data-testid="agent-clock">
      <span className="ac-clock__zone" data-testid="agent-gmt">
        {gmtOffset(timeZone, now)}
      </span>
      <time className="ac-clock__time" dateTime={now.toISOString()} data-testid="agent-time">
        {formatDateTime(now, timeZone)}
      </time>
    </span>
  );
}
