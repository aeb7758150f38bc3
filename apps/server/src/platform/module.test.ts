import { describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from './events.js';
import { defineService, serviceOf, servicesOf, type ServiceKey } from './module.js';

describe('service registry', () => {
  const base = defineService('base', (ctx: { events: EventBus; label: string }) => ({
    label: ctx.label,
    n: Math.random(),
  }));
  const upper = defineService('upper', (ctx: { events: EventBus; label: string }) => ({
    text: serviceOf(base, ctx).label.toUpperCase(),
  }));

  it('builds a service once per app and a fresh one for another app', () => {
    const app1 = { events: createEventBus(), label: 'one' };
    const app2 = { events: createEventBus(), label: 'two' };
    const a = serviceOf(base, app1);
    expect(serviceOf(base, app1)).toBe(a);
    expect(servicesOf(app1).get(base)).toBe(a);
    expect(serviceOf(base, app2)).not.toBe(a);
    expect(serviceOf(base, app2).label).toBe('two');
  });

  it('records who needed what while building, so the wiring can be read back', () => {
    const app = { events: createEventBus(), label: 'x' };
    expect(serviceOf(upper, app).text).toBe('X');
    expect(servicesOf(app).wiring()).toEqual([
      { service: 'upper', needs: ['base'] },
      { service: 'base', needs: [] },
    ]);
  });

  it('takes a provided instance instead of building one, and refuses a second', () => {
    const app = { events: createEventBus(), label: 'x' };
    const stand = { label: 'stand-in', n: 0 };
    servicesOf(app).provide(base, stand);
    expect(serviceOf(upper, app).text).toBe('STAND-IN');
    expect(() => servicesOf(app).provide(base, stand)).toThrow('service base already provided');
  });

  it('names a construction cycle instead of overflowing the stack', () => {
    type Ctx = { events: EventBus };
    const a: ServiceKey<unknown, Ctx> = defineService('a', (ctx: Ctx) => serviceOf(b, ctx));
    const b: ServiceKey<unknown, Ctx> = defineService('b', (ctx: Ctx) => serviceOf(a, ctx));
    expect(() => serviceOf(a, { events: createEventBus() })).toThrow('service cycle: a -> b -> a');
  });
});
