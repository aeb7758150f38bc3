import { create } from 'zustand';

/**
 * The modal registry's state. A modal is opened by id with props; the app's ModalHost looks the id
 * up in its registry (src/app/modals/registry.ts) and renders it. Later issues register their
 * modals (login, register, forgot password, ...) there; features only ever call `openModal(id)`.
 */
export interface OpenModal {
  key: number;
  id: string;
  props: Record<string, unknown>;
}

interface ModalState {
  stack: OpenModal[];
  open: (id: string, props?: Record<string, unknown>) => void;
  /** Closes the top-most modal, or the one with this key. */
  close: (key?: number) => void;
  replace: (id: string, props?: Record<string, unknown>) => void;
}

let seq = 0;

export const useModalStore = create<ModalState>((set) => ({
  stack: [],
  open: (id, props = {}) => set((s) => ({ stack: [...s.stack, { key: ++seq, id, props }] })),
  close: (key) =>
    set((s) => ({ stack: key === undefined ? s.stack.slice(0, -1) : s.stack.filter((m) => m.key !== key) })),
  replace: (id, props = {}) => set((s) => ({ stack: [...s.stack.slice(0, -1), { key: ++seq, id, props }] })),
}));

export const openModal = (id: string, props?: Record<string, unknown>) =>
  useModalStore.getState().open(id, props);
