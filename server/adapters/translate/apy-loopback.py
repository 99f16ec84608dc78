# Starts Apertium APY listening on 127.0.0.1 only: APY has no bind option and its main() binds every interface,
# so tornado's HTTPServer.bind is replaced before main() runs. Prints "APY_PORT=<port>" once listening (argv gives
# "-p 0" for a free port), and exits when its parent closes stdin, so a server killed hard leaves no APY behind.
import os
import socket
import sys
import threading

try:
    import tornado.httpserver
    import tornado.netutil
    from apertium_apy import apy
except ImportError as error:
    print('APY_MISSING=%s' % error, flush=True)
    sys.exit(3)


def bind_loopback(self, port, address=None, family=socket.AF_UNSPEC, **kwargs):
    sockets = tornado.netutil.bind_sockets(port, address='127.0.0.1', family=socket.AF_INET)
    self._pending_sockets.extend(sockets)
    print('APY_PORT=%d' % sockets[0].getsockname()[1], flush=True)


def exit_with_parent():
    sys.stdin.read()
    os._exit(0)


def leave(sig, frame):
    # APY's own handler raises SystemExit inside tornado's loop, which takes seconds to unwind; its translation
    # pipelines read from this process's pipes and end on their own when it is gone.
    os._exit(0)


tornado.httpserver.HTTPServer.bind = bind_loopback
apy.sig_handler = leave
threading.Thread(target=exit_with_parent, daemon=True).start()
sys.argv = ['apertium-apy'] + sys.argv[1:]
apy.main()
