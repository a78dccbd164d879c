import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenNeeded } from './when-needed.js';

/** A stand-in IntersectionObserver: the test says when the element comes near the viewport. */
class FakeObserver {
  static last: FakeObserver | undefined;
  disconnected = false;
  options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

const element = () => new EventTarget() as unknown as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe('whenNeeded', () => {
  it('starts once the element is within half a screen of the viewport, not before', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const start = vi.fn();
    whenNeeded(element(), start);
    expect(FakeObserver.last!.options).toEqual({ rootMargin: '50% 0px' });
    FakeObserver.last!.report(false);
    expect(start).not.toHaveBeenCalled();
    FakeObserver.last!.report(true);
    FakeObserver.last!.report(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it.each(['focusin', 'pointerdown', 'keydown'])('starts at once on %s inside it, and only once', (type) => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const el = element();
    const start = vi.fn();
    whenNeeded(el, start);
    el.dispatchEvent(new Event(type));
    el.dispatchEvent(new Event('focusin'));
    FakeObserver.last!.report(true);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const start = vi.fn();
    whenNeeded(element(), start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('whenNeeded, a press on the submit button before the start', () => {
  /** An element whose events come from a submit button inside it, or from a plain field. */
  const from = (button: boolean) => {
    const el = element();
    const target = { closest: (s: string) => (button && s.includes('submit') ? {} : null) };
    const fire = (type: string) => {
      const e = new Event(type);
      Object.defineProperty(e, 'target', { value: target });
      el.dispatchEvent(e);
    };
    return { el, fire };
  };

  it('leaves the press to the page (the native post), and starts after its click when the form is near', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { el, fire } = from(true);
    const start = vi.fn();
    whenNeeded(el, start);
    fire('pointerdown');
    fire('focusin');
    FakeObserver.last!.report(true);
    expect(start).not.toHaveBeenCalled();
    fire('click');
    expect(start).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 5));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a press anywhere else', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { el, fire } = from(false);
    const start = vi.fn();
    whenNeeded(el, start);
    fire('pointerdown');
    expect(start).toHaveBeenCalledTimes(1);
  });
});
