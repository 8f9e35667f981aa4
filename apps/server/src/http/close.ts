import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a closing connection still takes (and drops) what the client is sending. */
const LINGER_MS = 1000;

/**
 * Answer, then close the connection instead of reading the rest of the request. Used when a body is
 * refused for its size: without it Node reads an unwanted 200 MB body to its end. Parsing stops at
 * once. After the answer (sent with `Connection: close`) the socket is half-closed and, as web servers
 * do ("lingering close"), drops what still arrives for at most a second before closing: closing at
 * once with unread data would reset the connection, and the client could lose the answer.
 */
export function closeAfterReply(request: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  const req = request.raw;
  const socket = req.socket as (typeof req.socket & { destroySoon?: () => void }) | undefined;
  req.unpipe();
  req.pause();
  if (!socket || typeof socket.end !== 'function') return;
  // Node ends a `Connection: close` answer with socket.destroySoon(): replace it, for this socket only.
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    req.resume();
    socket.on('data', () => {});
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
