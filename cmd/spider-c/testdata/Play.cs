// Play.cs: the C# test of libspider, through P/Invoke as a Unity game
// calls a native plugin; compiled with mcs and run with mono.
//
//   mono play.exe play OPTIONS MOVES POLICY    prints every answer a line, as play.c does
//   mono play.exe bench OPTIONS MOVES ROUNDS   prints the time of a user action (apply + legal)
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

static class Spider {
	[DllImport("spider")] static extern IntPtr spider_call(int op, byte[] req, int len, out int outLen);
	[DllImport("spider")] static extern void spider_free(IntPtr p);

	public const int NewGame = 1, Free = 2, Legal = 4, Apply = 5, Record = 10, Verify = 11;

	// Call runs op on a request of the arguments (int or string) and
	// returns the answer's bytes.
	public static byte[] Call(int op, params object[] args) {
		var req = new List<byte>();
		foreach (var a in args) {
			if (a is int) {
				req.AddRange(BitConverter.GetBytes((int)a)); // little-endian on every platform Unity runs on
			} else {
				var b = Encoding.UTF8.GetBytes((string)a);
				req.AddRange(BitConverter.GetBytes(b.Length));
				req.AddRange(b);
			}
		}
		var r = req.ToArray();
		int n;
		IntPtr p = spider_call(op, r, r.Length, out n);
		if (p == IntPtr.Zero) throw new OutOfMemoryException("spider_call: no answer");
		try {
			var ans = new byte[n];
			Marshal.Copy(p, ans, 0, n);
			return ans;
		} finally {
			spider_free(p);
		}
	}
}

static class Play {
	static Stream stdout = Console.OpenStandardOutput();

	static string Call(int op, params object[] args) {
		var ans = Spider.Call(op, args);
		stdout.Write(ans, 0, ans.Length);
		stdout.WriteByte((byte)'\n');
		return Encoding.UTF8.GetString(ans);
	}

	static void Fail(string why) {
		Console.Error.WriteLine(why);
		Environment.Exit(1);
	}

	static int HandleOf(string ans) {
		if (!ans.StartsWith("{\"ok\":")) Fail("not a handle: " + ans);
		return int.Parse(ans.Substring(6, ans.Length - 7));
	}

	// Unquote decodes the JSON string of {"ok":"..."}.
	static string Unquote(string ans) {
		var b = new StringBuilder();
		for (int i = 7; i < ans.Length && ans[i] != '"'; i++) {
			char c = ans[i];
			if (c != '\\') { b.Append(c); continue; }
			c = ans[++i];
			switch (c) {
			case 'n': b.Append('\n'); break;
			case 't': b.Append('\t'); break;
			case 'r': b.Append('\r'); break;
			case 'u': b.Append((char)Convert.ToInt32(ans.Substring(i + 1, 4), 16)); i += 4; break;
			default: b.Append(c); break;
			}
		}
		return b.ToString();
	}

	static List<KeyValuePair<string, int>> Moves(string path) {
		var moves = new List<KeyValuePair<string, int>>();
		foreach (var line in File.ReadAllLines(path)) {
			var f = line.Split(' ');
			if (f.Length == 2) moves.Add(new KeyValuePair<string, int>(f[0], int.Parse(f[1])));
		}
		return moves;
	}

	static void PlayGame(string opts, string moves, string policy) {
		int h = HandleOf(Call(Spider.NewGame, opts));
		var refused = Call(Spider.Apply, h, "a>a", 0);
		if (!refused.StartsWith("{\"error\":{\"code\":") || !refused.Contains("\"explain\":")) Fail("a>a is not refused with a sentence: " + refused);
		string state = "";
		foreach (var m in Moves(moves)) {
			state = Call(Spider.Apply, h, m.Key, m.Value);
			if (!state.StartsWith("{\"ok\":")) Fail(m.Key + " refused: " + state);
			Call(Spider.Legal, h);
		}
		if (!state.Contains("\"outcome\":\"won\"")) Fail("the game is not won");
		var rec = Unquote(Call(Spider.Record, h, "text"));
		var rep = Call(Spider.Verify, rec, policy);
		if (!rep.StartsWith("{\"ok\":")) Fail("the record does not verify: " + rep);
		Call(Spider.Free, h);
	}

	static void Bench(string opts, string moves, int rounds) {
		var line = Moves(moves);
		var sw = Stopwatch.StartNew();
		for (int r = 0; r < rounds; r++) {
			var ans = Encoding.UTF8.GetString(Spider.Call(Spider.NewGame, opts));
			int h = HandleOf(ans);
			foreach (var m in line) {
				Spider.Call(Spider.Apply, h, m.Key, m.Value);
				Spider.Call(Spider.Legal, h);
			}
			Spider.Call(Spider.Free, h);
		}
		double us = sw.Elapsed.TotalMilliseconds * 1000 / (rounds * line.Count);
		Console.WriteLine("C#: {0:F1} µs a user action (apply + legal), {1} actions", us, rounds * line.Count);
	}

	static int Main(string[] args) {
		if (args.Length == 4 && args[0] == "play") { PlayGame(args[1], args[2], args[3]); return 0; }
		if (args.Length == 4 && args[0] == "bench") { Bench(args[1], args[2], int.Parse(args[3])); return 0; }
		Console.Error.WriteLine("usage: play.exe play OPTIONS MOVES POLICY | bench OPTIONS MOVES ROUNDS");
		return 2;
	}
}
