import type { IncomingMessage, ServerResponse } from 'node:http';

export interface TwilioFailure {
  status: number;
  /** Twilio's error code (https://www.twilio.com/docs/api/errors); defaults to the status. */
  code?: number;
  message?: string;
}

export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  channel: 'whatsapp' | 'sms';
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** An approved template sent in place of a body (Content API): its SID and variables (JSON). */
  contentSid: string | null;
  contentVariables: string | null;
  statusCallback: string | null;
}

export interface FakeTwilioRequest {
  accountSid: string;
  params: Record<string, string>;
  /** The HTTP status the fake answered with ('dropped' when the connection was cut). */
  outcome: number | 'dropped';
}

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Twilio's error body shape (the SDK reads code, message and more_info from it). */
export function sendError(response: ServerResponse, failure: TwilioFailure) {
  const code = failure.code ?? failure.status;
  sendJson(response, failure.status, {
    code,
    message: failure.message ?? `Fake Twilio failure ${code}`,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status: failure.status,
  });
}

/** A created message as Twilio's Messages API answers it (201). */
export function messageJson(message: FakeTwilioMessage) {
  const now = new Date().toUTCString();
  const path = `/2010-04-01/Accounts/${message.accountSid}/Messages/${message.sid}`;
  return {
    account_sid: message.accountSid,
    api_version: '2010-04-01',
    body: message.body,
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: message.sid,
    // Twilio answers 'accepted' when a messaging service will pick the sender.
    status: message.from ? 'queued' : 'accepted',
    subresource_uris: { media: `${path}/Media.json` },
    to: message.to,
    uri: `${path}.json`,
  };
}
