import { Suspense } from 'react';
import { ErrorBoundary } from '../../shared/ui/ErrorBoundary';
import { isChunkLoadError } from '../../shared/ui/chunk-error';
import { useModalStore } from '../../shared/ui/modal-store';
import { ChunkError } from '../screens/ChunkError';
import { modalComponent } from './registry';

/**
 * Renders the open modals in stack order. Lives outside the router so the root status screens can
 * open customer service too; registered modals therefore must not rely on router hooks.
 */
export function ModalHost() {
  const stack = useModalStore((s) => s.stack);
  const close = useModalStore((s) => s.close);
  return (
    <>
      {stack.map((m) => {
        const C = modalComponent(m.id);
        if (!C) return null;
        return (
          <ErrorBoundary
            key={m.key}
            fallback={(e) => (
              <div className="modal-backdrop" onClick={() => close(m.key)}>
                {isChunkLoadError(e) ? <ChunkError error={e} /> : null}
              </div>
            )}
          >
            <Suspense fallback={null}>
              <C {...m.props} onClose={() => close(m.key)} />
            </Suspense>
          </ErrorBoundary>
        );
      })}
    </>
  );
}
