/**
 * What the simulator's resources (merchants, transactions, refunds, mandates, settlements) share:
 * the host, the switches the OppSimulator holds, and its notifications.
 */
import type { SimulatorHost } from './host.js';
import type { Notifications } from './notifications.js';
import type { SimProviderModes } from './provider-modes.js';
import * as repo from './repository.js';
import type { Body } from './sim-errors.js';

/** What tests and the demo switch on a running simulator (OppSimulator's fields); read at each use. */
export interface SimSwitches {
  readonly modes: SimProviderModes;
  readonly mandateNamesFirstPayment: boolean;
  readonly mandateLinkOmitted: boolean;
  readonly refundSettleMs: number;
}

export interface SimContext {
  readonly host: SimulatorHost;
  readonly switches: SimSwitches;
  readonly notifications: Notifications;
}

/** One provider resource: its rules, with the shared context at hand. */
export abstract class SimResource {
  constructor(protected readonly ctx: SimContext) {}

  protected get host(): SimulatorHost {
    return this.ctx.host;
  }

  /** The answers it gives where the evidence on OPP disagrees (provider-modes.ts). */
  protected get modes(): SimProviderModes {
    return this.ctx.switches.modes;
  }

  /** The simulated API base, as objects name it in `object_url` (the same the client uses). */
  protected get apiBase(): string {
    return this.host.settings().apiBase;
  }

  /** Whether the simulator was closed: nothing new is started after that. */
  protected get closed(): boolean {
    return this.ctx.notifications.closed;
  }

  protected sleep(ms: number): Promise<void> {
    return this.ctx.notifications.sleep(ms);
  }

  protected notify(url: string, type: string, objectType: string, objectUid: string, extra: Body): Promise<void> {
    return this.ctx.notifications.notify(url, type, objectType, objectUid, extra);
  }

  /** An object of a type: from `read` when it asked for that uid, else from the database. */
  protected async findObject(uid: string, objectType: string, read?: repo.ObjectsRead) {
    if (!read?.asked.has(uid)) return repo.findObject(this.host.db, uid, objectType);
    const object = read.found.get(uid);
    return object?.objectType === objectType ? object.data : undefined;
  }
}
