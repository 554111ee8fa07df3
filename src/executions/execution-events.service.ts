import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Observable, Subject } from 'rxjs';
import type { ExecutionView } from './execution.view';

/** An execution reached `succeeded`, `failed` or `cancelled`. */
export interface ExecutionFinishedEvent {
  organization_id: string;
  /** The execution as `kadu_executions_get` would return it at that moment. */
  execution: ExecutionView;
}

/**
 * In-process notifications about executions, for webhooks and other
 * listeners in the same replica. Emitted after the state is committed, by
 * whichever replica finished the execution (so each finish is announced once,
 * by one replica). A listener must not throw: it runs in the emitter's call.
 */
@Injectable()
export class ExecutionEvents implements OnModuleDestroy {
  private readonly finished = new Subject<ExecutionFinishedEvent>();

  /** Every execution that finished: `succeeded`, `failed` or `cancelled`. */
  readonly finished$: Observable<ExecutionFinishedEvent> = this.finished.asObservable();

  /** Announces a finished execution; called by the worker and by cancel, after commit. */
  emitFinished(event: ExecutionFinishedEvent): void {
    this.finished.next(event);
  }

  onModuleDestroy(): void {
    this.finished.complete();
  }
}
