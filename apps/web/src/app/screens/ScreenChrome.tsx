import type { TMerchantPublic } from '@bp/contract';
import type { ReactNode } from 'react';
import { LanguageSelect } from '../layout/LanguageSelect';
import { ThemeToggle } from '../layout/ThemeToggle';
import { Brand } from '../layout/Brand';

/** Minimal frame of the root status screens: brand, language and theme; no site navigation. */
export function ScreenChrome({ merchant, children }: { merchant: TMerchantPublic; children: ReactNode }) {
  return (
    <div className="screen-chrome">
      <header className="screen-chrome__bar">
        <Brand merchant={merchant} />
        <div className="screen-chrome__tools">
          <LanguageSelect testId="language-select" compact />
          <ThemeToggle />
        </div>
      </header>
      <main className="screen-chrome__main">{children}</main>
      <footer className="screen-chrome__foot">{merchant.copyright}</footer>
    </div>
  );
}
