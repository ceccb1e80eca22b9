// Preloaded with NODE_OPTIONS=--require: every way Node reaches the network throws, and each attempt is
// appended to the file named by NO_NETWORK_LOG, so a test can tell "nothing tried" from "tried and failed".
const fs = require('node:fs');

function refuse(what) {
  return function refused() {
    fs.appendFileSync(process.env.NO_NETWORK_LOG, `${what}\n`);
    throw new Error(`network blocked by the test: ${what}`);
  };
}

function block(target, names, prefix) {
  for (const name of names) if (typeof target[name] === 'function') target[name] = refuse(`${prefix}.${name}`);
}

const net = require('node:net');
block(net, ['connect', 'createConnection'], 'net');
net.Socket.prototype.connect = refuse('net.Socket#connect');
block(require('node:tls'), ['connect'], 'tls');
block(require('node:http'), ['request', 'get'], 'http');
block(require('node:https'), ['request', 'get'], 'https');
block(require('node:http2'), ['connect'], 'http2');
block(require('node:dgram'), ['createSocket'], 'dgram');
const dns = require('node:dns');
block(dns, ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveMx', 'resolveNs', 'resolveSrv', 'resolveTxt', 'reverse'], 'dns');
block(dns.promises, ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse'], 'dns.promises');
globalThis.fetch = refuse('fetch');
if (typeof globalThis.WebSocket === 'function') globalThis.WebSocket = refuse('WebSocket');
