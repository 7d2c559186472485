// The duels' lobby: the player's name (registered here, its token kept in
// the page's storage), the open tables and who sits at them, the player's
// invitations, friends and ignored players; open a table, invite a name or
// a friend, accept or decline, join or watch. Every refusal shows the
// service's own words. The page's game (app.js) plays the seat once the
// player sits down: onSit(table, seat); onWatch(table) watches one.
import { Tables, call, loadAccount, playerText, saveAccount, seatOf, tableText } from "./tables.js";
import { gameName } from "./games.js";
import { Refresher } from "./refresher.js";

/** How often the open lobby reads its lists again. */
const pollMs = 3000;

export class Lobby {
  constructor({ onSit, onWatch, onAccount }) {
    this.$ = (id) => document.getElementById(id);
    this.account = loadAccount();
    this.tables = new Tables(this.account);
    this.onSit = onSit;
    this.onWatch = onWatch;
    this.onAccount = onAccount ?? (() => {});
    this.timer = 0;
    this.waiting = null; // the player's table that waits for a second player
    this.friends = [];
    this.lists = new Refresher(() => this.read(), (lists) => this.drawLists(lists), (e) => this.say(`The lobby could not be read: ${e.message}`));
    const $ = this.$;
    $("register-form").addEventListener("submit", (e) => (e.preventDefault(), this.register()));
    $("sign-in").addEventListener("click", () => this.signIn());
    $("sign-out").addEventListener("click", () => this.setAccount(null));
    $("copy-token").addEventListener("click", () => this.copyToken());
    $("open-form").addEventListener("submit", (e) => (e.preventDefault(), this.openTable()));
    $("invite-form").addEventListener("submit", (e) => (e.preventDefault(), this.invite($("invite-name").value.trim())));
    $("contact-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.contact(e.submitter?.value === "ignored" ? "ignored" : "friends", $("contact-name").value.trim());
    });
    $("player-info-friend").addEventListener("click", () => this.contact("friends", $("player-info").dataset.player));
    $("player-info-ignore").addEventListener("click", () => this.contact("ignored", $("player-info").dataset.player));
    $("player-info-close").addEventListener("click", () => ($("player-info").hidden = true));
    $("lobby-refresh").addEventListener("click", () => this.refresh());
    $("lobby-close").addEventListener("click", () => $("lobby").close());
    $("lobby").addEventListener("close", () => (clearInterval(this.timer), ($("token-box").hidden = true), ($("token-text").textContent = "")));
    this.drawAccount();
  }
  /** Opens the lobby and keeps its lists fresh while it is open. */
  open() {
    this.say("");
    if (!this.rulesRead) this.readRules();
    this.$("lobby").showModal();
    this.refresh();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.lists.tick(), pollMs);
  }
  close() {
    if (this.$("lobby").open) this.$("lobby").close();
  }
  say(text) {
    this.$("lobby-message").textContent = text;
  }
  setAccount(account) {
    this.account = account;
    this.tables = new Tables(account);
    saveAccount(account);
    this.drawAccount();
    this.onAccount(account);
    this.refresh();
  }
  // copyToken copies the token shown; without the clipboard it is selected to copy by hand.
  async copyToken() {
    const b = this.$("copy-token");
    try {
      await navigator.clipboard.writeText(this.$("token-text").textContent);
      b.textContent = "Copied";
    } catch {
      getSelection().selectAllChildren(this.$("token-text"));
      b.textContent = "Select and copy";
    }
  }
  drawAccount() {
    const $ = this.$;
    if (!this.account) $("token-box").hidden = true;
    $("signed-in").hidden = !this.account;
    $("register-form").hidden = !!this.account;
    $("lobby-play").hidden = !this.account;
    $("account-name").textContent = this.account?.name ?? "";
  }
  // readRules offers the variants of the tables' board (the service's
  // default configuration names "duel"), as GET /boards gives its policy.
  async readRules() {
    this.rulesRead = true;
    try {
      const { boards } = await call("GET", "/boards");
      const variants = boards.find((b) => b.name === "duel")?.policy?.variants;
      if (!variants?.length) return;
      const options = variants.map((v) => (typeof v === "string" ? new Option(`${gameName(v)}`, v) : new Option(`${gameName(v.variant)} with ${v.rules} (${v.name})`, v.name)));
      this.$("table-variant").replaceChildren(...options);
    } catch {
      // the choices in the page stay; a refusal, if any, comes when a table opens
    }
  }
  async register() {
    const name = this.$("register-name").value.trim();
    try {
      const account = await Tables.register(name);
      this.setAccount(account);
      this.say("");
      // Shown once: the page keeps it, but another device needs it to sign in.
      this.$("token-text").textContent = account.token;
      this.$("copy-token").textContent = "Copy";
      this.$("token-box").hidden = false;
    } catch (e) {
      this.say(`Registering ${name} was refused: ${e.message}`);
    }
  }
  // signIn checks a name and token by reading the player's own lists, which only their token may read.
  async signIn() {
    const account = { name: this.$("register-name").value.trim(), token: this.$("sign-in-token").value.trim() };
    try {
      await new Tables(account).contacts();
      this.setAccount(account);
      this.say("");
    } catch (e) {
      this.say(`Signing in as ${account.name} was refused: ${e.message}`);
    }
  }
  /** Reads the lists again and draws them. */
  refresh() {
    return this.lists.now();
  }
  // read reads the lists: the open tables, and a player's own.
  async read() {
    const { tables, account } = this;
    const all = await tables.lobby();
    if (!account) return { all, account };
    const [mine, invitations, contacts] = await Promise.all([tables.mine(), tables.invitations(), tables.contacts()]);
    return { all, account, mine, invitations, contacts };
  }
  drawLists({ all, account, mine, invitations, contacts }) {
    this.drawTables(all);
    if (!account) return;
    this.waiting = mine.find((t) => t.status === "open" && seatOf(t, account.name) === 0) ?? null;
    this.drawWaiting();
    this.drawInvitations(invitations);
    this.drawContacts(contacts);
  }
  drawTables(all) {
    const name = this.account?.name;
    const rows = all.map((t) => {
      const li = row(tableText(t));
      const seat = seatOf(t, name);
      if (seat >= 0) li.append(button(t.status === "open" ? "Wait here" : "Back to your game", () => this.sit(t, seat)));
      else if (t.status === "open" && name) li.append(button("Join", () => this.join(t)));
      if (seat < 0 && t.status !== "open") li.append(button("Watch", () => (this.close(), this.onWatch(t))));
      for (const p of t.seats.map((s) => s.player).filter((p) => p && p.toLowerCase() !== name?.toLowerCase())) {
        li.append(infoButton(p, () => this.showPlayer(p)));
      }
      li.dataset.table = t.id;
      return li;
    });
    this.$("tables").replaceChildren(...(rows.length ? rows : [row("None open.")]));
  }
  drawWaiting() {
    const t = this.waiting;
    this.$("my-table").hidden = !t;
    if (t) this.$("my-table-text").textContent = `Your table ${t.id} (${t.variant}, ${t.suits} suit${t.suits === 1 ? "" : "s"}) waits for a second player: invite someone, or wait for a player to join.`;
  }
  drawInvitations(list) {
    const rows = list.map((inv) => {
      const li = row(`${inv.from} invites you to table ${inv.table}`);
      li.append(button("Accept", () => this.answer(inv, true)), button("Decline", () => this.answer(inv, false)), infoButton(inv.from, () => this.showPlayer(inv.from)));
      li.dataset.invitation = inv.id;
      return li;
    });
    this.$("invitations").replaceChildren(...(rows.length ? rows : [row("None.")]));
  }
  drawContacts({ friends = [], ignored = [] }) {
    this.friends = friends;
    this.$("friend-names").replaceChildren(...friends.map((f) => new Option(f)));
    const friendRows = friends.map((f) => {
      const li = row(f);
      if (this.waiting) li.append(button("Invite", () => this.invite(f)));
      li.append(button("Remove", () => this.contact("friends", f, true)));
      return li;
    });
    this.$("friends").replaceChildren(...(friendRows.length ? friendRows : [row("None yet.")]));
    const ignoredRows = ignored.map((n) => {
      const li = row(n);
      li.append(button("Remove", () => this.contact("ignored", n, true)));
      return li;
    });
    this.$("ignored").replaceChildren(...(ignoredRows.length ? ignoredRows : [row("Nobody.")]));
  }
  async openTable() {
    const f = this.$("open-form");
    try {
      const t = await this.tables.open({ variant: f.variant.value, suits: Number(f.suits.value) });
      this.waiting = t;
      this.drawWaiting();
      this.say("");
      this.onSit(t, 0);
      this.$("invite-name").focus();
    } catch (e) {
      this.say(`Opening a table was refused: ${e.message}`);
    }
  }
  async invite(name) {
    if (!this.waiting) return this.say("Open a table first: invitations are to the table you wait at.");
    try {
      await this.tables.invite(this.waiting.id, name);
      this.say(`${name} is invited to table ${this.waiting.id}.`);
      this.$("invite-name").value = "";
    } catch (e) {
      this.say(`Inviting ${name} was refused: ${e.message}`);
    }
  }
  async join(t) {
    try {
      this.sit(await this.tables.join(t.id), 1);
    } catch (e) {
      this.say(`Joining table ${t.id} was refused: ${e.message}`);
    }
  }
  async answer(inv, accept) {
    try {
      const ans = await this.tables.answer(inv.id, accept);
      if (accept) this.sit(ans, seatOf(ans, this.account.name));
      else (this.say(`Declined ${inv.from}'s invitation.`), this.refresh());
    } catch (e) {
      this.say(`${accept ? "Accepting" : "Declining"} ${inv.from}'s invitation was refused: ${e.message}`);
    }
  }
  async contact(list, name, remove = false) {
    try {
      this.drawContacts(await this.tables.setContact(list, name, remove));
      this.$("contact-name").value = "";
      this.say("");
    } catch (e) {
      this.say(`Changing your ${list === "friends" ? "friends" : "ignored players"} was refused: ${e.message}`);
    }
  }
  // showPlayer shows a player's info (their duels), with the buttons to
  // make them a friend or ignore them.
  async showPlayer(name) {
    const box = this.$("player-info");
    try {
      const page = await Tables.player(name);
      this.$("player-info-text").textContent = playerText(page);
      const other = this.account && name.toLowerCase() !== this.account.name.toLowerCase();
      this.$("player-info-friend").hidden = this.$("player-info-ignore").hidden = !other;
      box.dataset.player = page.player;
      box.hidden = false;
      this.say("");
    } catch (e) {
      this.say(`Reading ${name}'s info was refused: ${e.message}`);
    }
  }
  sit(t, seat) {
    this.close();
    this.onSit(t, seat);
  }
}

function row(text) {
  const li = document.createElement("li");
  const span = document.createElement("span");
  span.textContent = text;
  li.append(span);
  return li;
}

// infoButton is a button that shows a player's info.
function infoButton(player, onClick) {
  const b = button(`${player}…`, onClick);
  b.title = `Player info: ${player}`;
  b.className = "player-info-button";
  return b;
}

function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}
