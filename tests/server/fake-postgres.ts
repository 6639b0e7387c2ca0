/**
 * A PostgreSQL server that speaks just enough of the wire protocol for a connection test: the startup
 * message, a cleartext password exchange and a simple query answered with one row. It records what clients
 * sent, so a test can see which database, user and password a connection test really used.
 */
import net from "node:net";

export interface FakePostgres {
  port: number;
  logins: Array<{ user: string; database: string; password: string }>;
  close(): Promise<void>;
}

const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const cstr = (s: string) => Buffer.from(s + "\0", "utf8");
const error = (code: string, text: string) => message("E", Buffer.concat([cstr("SFATAL"), cstr("C" + code), cstr("M" + text), Buffer.from([0])]));
const ready = message("Z", Buffer.from("I"));

export async function startFakePostgres(accounts: { user: string; password: string; database: string }): Promise<FakePostgres> {
  const logins: FakePostgres["logins"] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = Buffer.alloc(0);
    let started = false;
    let params: Record<string, string> = {};
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) return;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) return;
          const parts = buffer.subarray(8, len - 1).toString("utf8").split("\0");
          params = {};
          for (let i = 0; i + 1 < parts.length; i += 2) params[parts[i]] = parts[i + 1];
          buffer = buffer.subarray(len);
          started = true;
          socket.write(message("R", int32(3))); // cleartext password, please
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]);
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) return;
        const body = buffer.subarray(5, len + 1);
        buffer = buffer.subarray(len + 1);
        if (type === "p") {
          const password = body.subarray(0, body.length - 1).toString("utf8");
          const database = params.database ?? params.user;
          logins.push({ user: params.user, database, password });
          if (params.user !== accounts.user || password !== accounts.password) {
            socket.end(error("28P01", `password authentication failed for user "${params.user}"`));
            return;
          }
          if (database !== accounts.database) {
            socket.end(error("3D000", `database "${database}" does not exist`));
            return;
          }
          socket.write(Buffer.concat([message("R", int32(0)), ready]));
        } else if (type === "Q") {
          const row = Buffer.concat([int16(1), cstr("?column?"), int32(0), int16(0), int32(23), int16(4), int32(-1), int16(0)]);
          socket.write(Buffer.concat([message("T", row), message("D", Buffer.concat([int16(1), int32(1), Buffer.from("1")])), message("C", cstr("SELECT 1")), ready]));
        } else if (type === "X") {
          socket.end();
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    logins,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
