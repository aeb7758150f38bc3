import type { TMerchantPublic } from '@bp/contract';
import { useState } from 'react';

/** Logo from the merchant, or its name as a word mark when there is none (or it fails to load). */
export function Brand({ merchant }: { merchant: TMerchantPublic | undefined }) {
  const [failed, setFailed] = useState(false);
  const name = merchant?.name ?? '';
  return (
    <span className="brand" data-testid="brand">
      {merchant?.logoUrl && !failed ? (
        <img className="brand__logo" src={merchant.logoUrl} alt={name} onError={() => setFailed(true)} />
      ) : (
        <>
          <span className="brand__mark" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="brand__name">{name}</span>
        </>
      )}
    </span>
  );
}
