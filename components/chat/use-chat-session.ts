'use client';

import { useChat } from '@ai-sdk/react';
import { generateId } from 'ai';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatJson, ChatMessageJson } from '@/components/api/api-types';
import { ApiError, fetchJson, parseApiError } from '@/components/api/fetch-json';
import { useWallet } from '@/components/app-shell/wallet-provider';
import { createChatTransport, type TurnRequestBody } from './chat-transport';
import { moveToEnd, toUIMessages } from './chat-ui-message';
import { applySidePart, findRoundRecord, withBetterMark } from './side-answers';
import { streamedDataPartSchemas, turnMetadataSchema, type ChatMessage, type SentFile, type TurnDataParts } from '@/lib/chat/turn/wire';
import { keepEarlierMessages } from './chat-history';
import { documentMayPost } from './document-event';
import { useMessagePages } from './use-message-pages';

/**
 * After this tab's own stream: poll fast and show the saved view once the answer is saved.
 * Following an answer written elsewhere: show every poll (it says "being written elsewhere").
 */
const SETTLE = {
  own: { pollMs: 300, maxMs: 10_000, showEachPoll: false },
  follow: { pollMs: 1_500, maxMs: 5 * 60_000, showEachPoll: true },
} as const;

/** How often the chat looks for a document's messages while its job runs. */
const DOCUMENT_POLL_MS = 4_000;
/** The server could not be reached (restarting, the network gone): ask again this often, for this long. */
const RECONNECT_EVERY_MS = 2_000;
const RECONNECT_FOR_MS = 3 * 60_000;

/**
 * A request that never reached the server or lost it half way: fetch's TypeError ("Failed to fetch",
 * "NetworkError…", "Load failed", "network error"), not an answer of the server's.
 */
export const isConnectionLost = (error: unknown) =>
  error instanceof TypeError || (error instanceof ApiError && (error.code === 'network' || error.code === 'reconnecting'));

const connectionLost = (reconnecting: boolean, detail: string) => new ApiError(0, reconnecting ? 'reconnecting' : 'network', detail);

export interface Draft {
  text: string;
  /** a new object each time, so the composer takes it even when the text repeats */
  nonce: number;
  /** the models a refused message was also sent to side by side ("Compare"), picked again with it */
  compare?: string[];
}

/** An answer is being written: one on screen, or another of its side-by-side round. */
const hasLiveAnswer = (view: ChatJson) =>
  view.messages.some((m) => m.status === 'streaming' || m.round?.some((answer) => answer.status === 'streaming'));

/**
 * One conversation: useChat streams turns; the server's view (GET /api/chats/:id)
 * is the source of truth, fetched again once each stream ends.
 */
export function useChatSession(initial: ChatJson) {
  const chatId = initial.id;
  const router = useRouter();
  const { refresh: refreshWallet } = useWallet();
  const [view, setViewState] = useState(initial);
  // the view as last shown, for merging a newer fetch with the older pages already read
  const viewRef = useRef(initial);
  const setView = useCallback((next: ChatJson) => {
    viewRef.current = next;
    setViewState(next);
  }, []);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [restoredDraft, setRestoredDraft] = useState<Draft | null>(null);
  const [settling, setSettling] = useState(false);
  // the person's message in flight: put back in the input if the server refuses it
  const sent = useRef<{ id: string; text: string; model?: string; compare?: string[]; replacing?: boolean } | null>(null);
  // a message that could not reach the server, to send again with "Retry"
  const [unsent, setUnsent] = useState<{ text: string; model: string; compare?: string[] } | null>(null);
  // the server took the request (200, set by the transport as the answer's stream begins): a connection
  // lost after that loses nothing on the server (the answer is saved as far as it got), so the chat
  // reconnects and shows it instead of putting the message back in the box
  const accepted = useRef(false);
  const neverArrived = useRef(false);
  // a settle started before a newer request must not overwrite that request's stream
  const generation = useRef(0);
  const transport = useMemo(
    () =>
      createChatTransport(chatId, () => {
        accepted.current = true;
      }),
    [chatId],
  );

  // the other answers of a side-by-side round as they stream (data-side parts), by message id; a frame per paint
  const streamedSides = useRef(new Map<string, ChatMessage>());
  const [sides, setSides] = useState<ReadonlyMap<string, ChatMessage>>(() => new Map());
  const sidesPaint = useRef<number | null>(null);
  const clearSides = useCallback(() => {
    streamedSides.current = new Map();
    setSides(streamedSides.current);
  }, []);

  const { messages, setMessages, sendMessage, stop, status } = useChat<ChatMessage>({
    id: chatId,
    messages: toUIMessages(initial.messages),
    transport,
    // the stream is checked against the server's own contract as it arrives: a drift shows as an error, not as a blank answer
    dataPartSchemas: streamedDataPartSchemas,
    messageMetadataSchema: turnMetadataSchema,
    experimental_throttle: 50,
    onData: (part) => {
      if (part.type !== 'data-side') return;
      const side = part.data as TurnDataParts['side'];
      streamedSides.current.set(side.messageId, applySidePart(streamedSides.current.get(side.messageId), side));
      sidesPaint.current ??= requestAnimationFrame(() => {
        sidesPaint.current = null;
        setSides(new Map(streamedSides.current));
      });
    },
    onError: (error) => {
      const lost = isConnectionLost(error);
      const failure = error instanceof ApiError ? error : lost ? connectionLost(false, error.message) : parseApiError(0, error.message);
      if (accepted.current) {
        // the server has the message and keeps its answer: onFinish follows and shows what it saved (settle),
        // reconnecting first when the connection went; nothing goes back in the box
        setFailure(lost ? connectionLost(true, error.message) : failure);
        return;
      }
      setFailure(failure);
      const refused = sent.current;
      if (!refused) return;
      if (lost) neverArrived.current = true;
      if (lost && refused.model && !refused.replacing) setUnsent({ text: refused.text, model: refused.model, compare: refused.compare });
      setMessages((current) => current.filter((m) => m.id !== refused.id));
      setRestoredDraft({ text: refused.text, nonce: Date.now(), compare: refused.compare });
      // the balance moved since the page last read it (a side-by-side round it cannot reserve): read it again, so
      // the composer weighs the models handed back against what is there now
      if (failure.code === 'insufficient_credits') refreshWallet();
      // a refused edit changed nothing on the server: show the turns it would have replaced again
      if (refused.replacing) void settle('own');
    },
    onFinish: ({ isError }) => {
      sent.current = null;
      // nothing reached the server: there is no answer to wait for, and "Retry" is on offer
      if (neverArrived.current) {
        neverArrived.current = false;
        return;
      }
      void settle(isError ? 'follow' : 'own');
    },
  });

  const settle = useCallback(
    async (mode: keyof typeof SETTLE) => {
      const { pollMs, maxMs, showEachPoll } = SETTLE[mode];
      const mine = ++generation.current;
      const show = (latest: ChatJson) => {
        const merged = keepEarlierMessages(viewRef.current, latest);
        setView(merged);
        setMessages(toUIMessages(merged.messages));
        // the saved answers of a round replace what streamed of them
        if (!hasLiveAnswer(latest)) clearSides();
      };
      setSettling(!showEachPoll);
      const deadline = Date.now() + maxMs;
      const giveUpAt = Date.now() + RECONNECT_FOR_MS;
      let reached = false;
      // the view, asked for again while the server cannot be reached (a restart takes seconds)
      const fetchView = async (): Promise<ChatJson> => {
        for (let lost = false; ; lost = true) {
          try {
            const latest = await fetchJson<ChatJson>(`/api/chats/${chatId}`);
            if (lost && mine === generation.current) setFailure(null);
            return latest;
          } catch (error) {
            if (!isConnectionLost(error) || Date.now() > giveUpAt || mine !== generation.current) throw error;
            setFailure(connectionLost(true, String(error)));
            await new Promise((resolve) => setTimeout(resolve, RECONNECT_EVERY_MS));
          }
        }
      };
      try {
        let latest = await fetchView();
        while (hasLiveAnswer(latest) && Date.now() < deadline && mine === generation.current) {
          if (showEachPoll) show(latest);
          await new Promise((resolve) => setTimeout(resolve, pollMs));
          latest = await fetchView();
        }
        reached = true;
        if (mine === generation.current) show(latest);
      } catch (error) {
        if (mine === generation.current) setFailure(error instanceof ApiError ? error : connectionLost(false, String(error)));
      } finally {
        if (mine === generation.current) setSettling(false);
        // Only once the server answered: a refresh it cannot answer makes Next.js load the page afresh,
        // and the browser then shows its own "This site can't be reached" page instead of the chat.
        if (reached) {
          refreshWallet();
          router.refresh();
        }
      }
    },
    [chatId, clearSides, refreshWallet, router, setMessages, setView],
  );

  // An answer was being written (in another tab) when the page opened: follow it until it is saved.
  const openedWithLiveAnswer = useRef(hasLiveAnswer(initial));
  useEffect(() => {
    if (openedWithLiveAnswer.current) void settle('follow');
  }, [settle]);

  const startRequest = useCallback(() => {
    generation.current++;
    accepted.current = false;
    setSettling(false);
    setFailure(null);
    setUnsent(null);
  }, []);

  const send = useCallback(
    (text: string, model: string, files: SentFile[] = [], compare: string[] = []) => {
      startRequest();
      clearSides();
      const id = generateId(); // crypto.randomUUID needs a secure context; a LAN address over http is not one
      sent.current = { id, text, model, ...(compare.length ? { compare } : {}) };
      const body: TurnRequestBody = {
        action: 'answer',
        model,
        ...(files.length ? { files: files.map((f) => f.id) } : {}),
        ...(compare.length ? { compare } : {}),
      };
      const metadata = files.length ? { files } : undefined;
      void sendMessage({ id, role: 'user', metadata, parts: [{ type: 'text', text }] }, { body });
    },
    [clearSides, sendMessage, startRequest],
  );

  const editMessage = useCallback(
    (messageId: string, text: string, model: string) => {
      startRequest();
      const id = generateId();
      sent.current = { id, text, replacing: true };
      // like the server: the message and everything after it give way to the new question
      setMessages((current) => {
        const index = current.findIndex((m) => m.id === messageId);
        return index < 0 ? current : current.slice(0, index);
      });
      const body: TurnRequestBody = { action: 'edit', messageId, model };
      void sendMessage({ id, role: 'user', parts: [{ type: 'text', text }] }, { body });
    },
    [sendMessage, setMessages, startRequest],
  );

  const resume = useCallback(
    (messageId: string, action: 'continue' | 'retry' | 'regenerate', model?: string) => {
      startRequest();
      sent.current = null;
      // a regenerate writes a new version of the answer in its place (the old one stays, one ‹ › away); a retry
      // starts the answer over; a continue appends to the text already there
      // an answer of a side-by-side round that is not on screen streams into a message of its own
      const offScreen = findRoundRecord(viewRef.current.messages, messageId);
      setMessages((current) =>
        offScreen && !current.some((m) => m.id === messageId)
          ? [...current, ...toUIMessages([action === 'continue' ? offScreen : { ...offScreen, text: '' }])]
          : action === 'regenerate'
            ? current.slice(
                0,
                Math.max(
                  0,
                  current.findIndex((m) => m.id === messageId),
                ),
              )
            : moveToEnd(current, messageId, (m) =>
                action === 'continue' ? m : { ...m, parts: m.parts.filter((p) => p.type === 'data-tool') },
              ),
      );
      const body: TurnRequestBody = action === 'regenerate' ? { action, messageId, model: model! } : { action, messageId };
      void sendMessage(undefined, { body });
    },
    [sendMessage, setMessages, startRequest],
  );

  const streaming = status === 'submitted' || status === 'streaming';
  /** "Retry" after a message could not reach the server: the same text to the same model. */
  const sendUnsent = useMemo(
    () =>
      unsent
        ? () => {
            setRestoredDraft({ text: '', nonce: Date.now() }); // the box held it meanwhile; it is being sent now
            send(unsent.text, unsent.model, [], unsent.compare);
          }
        : null,
    [send, unsent],
  );
  const remoteLive = !streaming && !settling && hasLiveAnswer(view);

  /** Stops one answer of a side-by-side round; the others go on. */
  const stopAnswer = useCallback(
    async (messageId: string) => {
      try {
        await fetchJson(`/api/chats/${chatId}/stop`, { method: 'POST', body: { messageId } });
      } catch (error) {
        setFailure(error instanceof ApiError ? error : new ApiError(0, 'network', String(error)));
      }
    },
    [chatId],
  );

  const stopTurn = useCallback(async () => {
    if (streaming) return stop();
    try {
      await fetchJson(`/api/chats/${chatId}/stop`, { method: 'POST' });
    } catch (error) {
      setFailure(error instanceof ApiError ? error : new ApiError(0, 'network', String(error)));
    }
  }, [chatId, stop, streaming]);

  // A document's job posts its Started / Questions / Done messages in the background: look for them
  // while one may still come, between turns only, and show the view only when it has new messages
  // (not while the person reads far back: the newest messages are not on screen to be followed).
  const watchDocuments = !streaming && !settling && !remoteLive && view.newerPage === null && documentMayPost(view.messages, Date.now());
  useEffect(() => {
    if (!watchDocuments) return;
    const timer = setInterval(async () => {
      const mine = generation.current;
      try {
        const latest = await fetchJson<ChatJson>(`/api/chats/${chatId}`);
        const merged = keepEarlierMessages(viewRef.current, latest);
        if (mine !== generation.current || merged.messages.length === viewRef.current.messages.length) return;
        setView(merged);
        setMessages(toUIMessages(merged.messages));
      } catch (error) {
        // not the person's request, so no failure banner ("not sent" would be wrong): the next tick tries again
        console.warn('Looking for the document messages failed; trying again.', error);
      }
    }, DOCUMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [chatId, setMessages, setView, watchDocuments]);

  /** The pages before (scrolling up) and after (scrolling down from a message opened far back) the ones shown. */
  const pages = useMessagePages(
    viewRef,
    useCallback(
      (next: ChatJson, added: ChatMessageJson[], edge: 'earlier' | 'later') => {
        setView(next);
        setMessages((current) => (edge === 'earlier' ? [...toUIMessages(added), ...current] : [...current, ...toUIMessages(added)]));
      },
      [setMessages, setView],
    ),
  );

  const reload = useCallback(() => settle('own'), [settle]);
  /** ‹ n / m ›: the server shows that version of a message, and the view below it follows its branch. */
  const showSibling = useCallback(
    async (messageId: string) => {
      startRequest();
      setSettling(true);
      try {
        await fetchJson(`/api/chats/${chatId}/messages/${encodeURIComponent(messageId)}/show`, { method: 'POST' });
      } catch (error) {
        setSettling(false);
        setFailure(error instanceof ApiError ? error : connectionLost(false, String(error)));
        return;
      }
      await settle('own');
    },
    [chatId, settle, startRequest],
  );
  /** Marks a side-by-side answer as the better one of its round, or takes the mark off; the view follows the server. */
  const markBetter = useCallback(
    async (messageId: string, better: boolean) => {
      try {
        await fetchJson(`/api/chats/${chatId}/messages/${encodeURIComponent(messageId)}/better`, { method: better ? 'PUT' : 'DELETE' });
      } catch (error) {
        setFailure(error instanceof ApiError ? error : connectionLost(false, String(error)));
        return;
      }
      setView({ ...viewRef.current, messages: withBetterMark(viewRef.current.messages, messageId, better) });
    },
    [chatId, setView],
  );
  const continueAnswer = useCallback((messageId: string) => resume(messageId, 'continue'), [resume]);
  const retryAnswer = useCallback((messageId: string) => resume(messageId, 'retry'), [resume]);
  const regenerateAnswer = useCallback((messageId: string, model: string) => resume(messageId, 'regenerate', model), [resume]);
  const dismissFailure = useCallback(() => setFailure(null), []);

  return {
    view,
    messages,
    status,
    streaming,
    settling,
    remoteLive,
    failure,
    dismissFailure,
    sendUnsent,
    restoredDraft,
    send,
    continueAnswer,
    retryAnswer,
    regenerateAnswer,
    editMessage,
    showSibling,
    markBetter,
    stopTurn,
    stopAnswer,
    sides,
    reload,
    pages,
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
