import { act, cleanup, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, resetAllStores } from '#client/lib/create-store.ts';

afterEach(cleanup);

describe('createStore', () => {
  it('shows each new value in a component that reads it, and its start again after a reset', () => {
    const count = createStore(() => ({ presses: 0 }));
    function Counter() {
      const { presses } = useSyncExternalStore(count.subscribe, count.get);
      return <p>{`Pulsaciones: ${presses}`}</p>;
    }
    render(<Counter />);
    expect(screen.getByText('Pulsaciones: 0')).toBeTruthy();
    act(() => count.set({ presses: 2 }));
    expect(screen.getByText('Pulsaciones: 2')).toBeTruthy();
    act(() => count.reset());
    expect(screen.getByText('Pulsaciones: 0')).toBeTruthy();
  });

  it('tells listeners of a different value only, until they unsubscribe', () => {
    const store = createStore(() => 'a');
    const heard: string[] = [];
    const stop = store.subscribe(() => heard.push(store.get()));
    store.set('a');
    store.set('b');
    store.set('b');
    stop();
    store.set('c');
    expect(heard).toEqual(['b']);
    expect(store.get()).toBe('c');
  });

  it('reads its start lazily and afresh after each reset', () => {
    let reads = 0;
    const store = createStore(() => {
      reads += 1;
      return new Set<string>();
    });
    expect(reads).toBe(0);
    const first = store.get();
    first.add('x');
    expect(store.get()).toBe(first);
    store.reset();
    expect(reads).toBe(1);
    expect(store.get()).not.toBe(first);
    expect([...store.get()]).toEqual([]);
    expect(reads).toBe(2);
  });

  it('resets every store at once', () => {
    const one = createStore(() => 1);
    const two = createStore(() => 'dos');
    one.set(10);
    two.set('diez');
    resetAllStores();
    expect([one.get(), two.get()]).toEqual([1, 'dos']);
  });
});
