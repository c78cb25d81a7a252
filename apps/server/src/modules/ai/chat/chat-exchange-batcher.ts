import { GroupCommit } from '../../../lib/group-commit';
import type {
  ChatExchangeRepository,
  ExchangeRows,
  NewConversation,
  StoredMessage,
} from './chat-exchanges.repository';

export type ExchangeWriter = Pick<
  ChatExchangeRepository,
  'startConversation' | 'startConversations' | 'saveExchange' | 'saveExchanges'
>;

type Key = 'start' | 'save';

interface Item {
  conversation: NewConversation;
  exchange: ExchangeRows;
}

/** An item of a batch that failed on its own while the rest of the batch was written. */
class Failed {
  constructor(readonly error: unknown) {}
}

type Outcome = StoredMessage[] | Failed;

/**
 * Group commit for chat exchanges (`lib/group-commit`, as the usage log's batcher): an exchange
 * alone is stored by the single-exchange statements; exchanges that arrive together, or while one
 * is being stored, go in one statement, new conversations ('start') and existing ones ('save')
 * apart, at most 256 at a time. Every caller's promise settles only once its own rows are
 * written. When a batch fails, its items are retried one by one, so one bad item (its conversation
 * deleted meanwhile) fails only its own caller.
 */
export class ChatExchangeBatcher {
  private readonly group: GroupCommit<Key, Item, Outcome>;

  /** `keep`: the messages a conversation keeps, as the repository's `saveExchange` takes it. */
  constructor(
    private readonly writer: ExchangeWriter,
    private readonly keep: number,
  ) {
    this.group = new GroupCommit<Key, Item, Outcome>(
      {
        one: (key, item) => this.one(key, item),
        many: (key, items) => (key === 'start' ? writer.startConversations(items) : this.saveMany(items)),
      },
      { maxBatch: 256, retryOneByOne: true },
    );
  }

  /** A new conversation with its first exchange; the stored question and reply. */
  start(conversation: NewConversation, exchange: ExchangeRows): Promise<StoredMessage[]> {
    return this.submit('start', { conversation, exchange });
  }

  /** An exchange of an existing conversation, trimming it to its newest `keep` messages. */
  save(conversation: NewConversation, exchange: ExchangeRows): Promise<StoredMessage[]> {
    return this.submit('save', { conversation, exchange });
  }

  private async submit(key: Key, item: Item): Promise<StoredMessage[]> {
    const outcome = await this.group.submit(key, item);
    if (outcome instanceof Failed) throw outcome.error;
    return outcome;
  }

  private one(key: Key, { conversation, exchange }: Item): Promise<StoredMessage[]> {
    return key === 'start'
      ? this.writer.startConversation(conversation, exchange)
      : this.writer.saveExchange(conversation, exchange, this.keep);
  }

  /**
   * The batch statement trims each conversation against the messages already there, so it takes
   * each conversation once: a second exchange of one (a user sending two at once) is stored alone
   * after it, in arrival order. If the batch statement fails nothing is written and GroupCommit
   * retries every item alone; once it succeeded, a later lone write's failure is that item's only.
   */
  private async saveMany(items: Item[]): Promise<Outcome[]> {
    const seen = new Set<string>();
    const first: number[] = [];
    const later: number[] = [];
    for (const [i, item] of items.entries()) {
      const id = item.conversation.id;
      (seen.has(id) ? later : first).push(i);
      seen.add(id);
    }
    const outcomes: Outcome[] = new Array(items.length);
    const batch = first.map((i) => items[i] as Item);
    const stored =
      batch.length === 1
        ? [await this.one('save', batch[0] as Item)]
        : await this.writer.saveExchanges(batch, this.keep);
    for (const [n, i] of first.entries()) outcomes[i] = stored[n] as StoredMessage[];
    for (const i of later) {
      outcomes[i] = await this.one('save', items[i] as Item).catch((err: unknown) => new Failed(err));
    }
    return outcomes;
  }
}
