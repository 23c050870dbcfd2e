import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Rendered outside act(), as in the app: Testing Library's render and fireEvent flush every effect
// themselves, which is exactly the schedule under test here.

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

/** A button whose click reports whether the component's effect (a subscription, say) had run. */
function Subscriber({ onClick }: { onClick: (subscribed: boolean) => void }) {
  const subscribed = useRef(false);
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    subscribed.current = true;
  }, []);
  return (
    <button
      type="button"
      onClick={() => {
        onClick(subscribed.current);
        setClicks(clicks + 1);
      }}
    >
      Enviar {clicks}
    </button>
  );
}

function draw(onClick: (subscribed: boolean) => void): HTMLButtonElement {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(<Subscriber onClick={onClick} />);
  return container.querySelector('button')!;
}

describe('effects before input', () => {
  it('runs a screen’s effects before a click that comes right after it was drawn', () => {
    const seen: boolean[] = [];
    const button = draw((subscribed) => seen.push(subscribed));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual([true]);
  });

  it('runs them before a form’s submit too (a press the page replays)', () => {
    let subscribedAtSubmit: boolean | undefined;
    function Form() {
      const subscribed = useRef(false);
      useEffect(() => {
        subscribed.current = true;
      }, []);
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            subscribedAtSubmit = subscribed.current;
          }}
        >
          <button type="submit">Continuar</button>
        </form>
      );
    }
    const container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    root.render(<Form />);
    container.querySelector('form')!.requestSubmit();
    expect(subscribedAtSubmit).toBe(true);
  });

  it('still runs them by themselves after the frame when nothing happens', async () => {
    const seen: boolean[] = [];
    const button = draw((subscribed) => seen.push(subscribed));
    const effectRan = vi.fn();
    function Watcher() {
      useEffect(effectRan, []);
      return null;
    }
    const other = createRoot(document.body.appendChild(document.createElement('div')));
    other.render(<Watcher />);
    expect(effectRan).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(effectRan).toHaveBeenCalledTimes(1));
    other.unmount();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual([true]);
  });
});
