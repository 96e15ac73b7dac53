//! `ply-gui`: serves the web GUI on 127.0.0.1 and prints its address.
//! See docs/front-ends.md.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, ValueEnum};
use ply_gui_adapter::cli::{GameArgs, StrengthArgs, engine_path};
use ply_gui_adapter::engine::{EngineHandle, QUIT_GRACE, registry};
use ply_gui_adapter::web::messages::PlayerKind;
use ply_gui_adapter::web::session::SessionConfig;
use ply_gui_adapter::web::{MAX_WAITING_CONNECTIONS, REQUEST_DEADLINE, ServerConfig, serve, token};

/// Who plays the sides when a page opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Players {
    /// You play the first side, the engine the second.
    Human,
    /// The engine plays the first side, you the second.
    Engine,
    /// You play both sides.
    Both,
    /// The engine plays both sides; you watch.
    Watch,
}

/// Play and watch games against ply-engine in a browser. Serves a page on
/// 127.0.0.1 and prints its address; it opens nothing by itself.
#[derive(Debug, Parser)]
#[command(name = "ply-gui", version)]
struct Cli {
    /// The port (0: any free port; the address printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but loopback needs a token,
    /// which is printed with the address.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Ask for a token on loopback too (for a machine shared with others).
    #[arg(long)]
    require_token: bool,
    /// The engine binary (default: ply-engine next to this program, else on PATH).
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// A second engine binary for the second side (default: the first
    /// engine, which then plays both sides in one process).
    #[arg(long, value_name = "PATH")]
    engine2: Option<PathBuf>,
    /// Who plays when a page opens (the page can change it).
    #[arg(long, value_enum, default_value_t = Players::Human)]
    first: Players,
    /// Most pages open at once (each has its own engines).
    #[arg(long, default_value_t = 8)]
    max_pages: usize,
    /// Most connections at once that are not a page's WebSocket (hidden:
    /// for tests).
    #[arg(long, hide = true, default_value_t = MAX_WAITING_CONNECTIONS)]
    max_waiting_connections: usize,
    /// Milliseconds a client may take to send a request head (hidden: for
    /// tests).
    #[arg(long, hide = true, value_name = "MS", default_value_t = duration_ms(REQUEST_DEADLINE))]
    request_deadline: u64,
    /// Milliseconds between moves when engines play each other.
    #[arg(long, value_name = "MS", default_value_t = 400)]
    watch_pace: u64,
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    strength: StrengthArgs,
}

/// A duration in whole milliseconds, for a default shown in `--help`.
fn duration_ms(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ply-gui: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    // A signal runs no destructors: without the handler, an engine deep in
    // a search would outlive ply-gui until its search limit.
    registry::end_on_signals(QUIT_GRACE).context("cannot install the signal handler")?;
    let (options, engine_pairs) = cli.game.engine_options().map_err(anyhow::Error::msg)?;
    let strength = cli.strength.strength()?;
    let first = engine_path(cli.engine)?;
    let second = match cli.engine2 {
        Some(path) => path,
        None => first.clone(),
    };
    // Start each engine once, so a wrong path shows now, not in the page.
    let paths = if first == second {
        vec![&first]
    } else {
        vec![&first, &second]
    };
    for path in paths {
        let engine = EngineHandle::start(path)?;
        eprintln!("ply-gui: engine {} ({})", engine.name(), path.display());
    }
    let players = match cli.first {
        Players::Human => [PlayerKind::Human, PlayerKind::Engine],
        Players::Engine => [PlayerKind::Engine, PlayerKind::Human],
        Players::Both => [PlayerKind::Human, PlayerKind::Human],
        Players::Watch => [PlayerKind::Engine, PlayerKind::Engine],
    };
    let session = SessionConfig {
        engine_paths: [first, second],
        options,
        engine_pairs,
        strength,
        players,
        watch_pace: Duration::from_millis(cli.watch_pace),
        builds: std::sync::Arc::default(),
    };
    // Fail now, not in the page, if the options make no game.
    ply_gui_adapter::record::PlayedGame::new(&session.options).map_err(anyhow::Error::msg)?;

    let loopback = cli.bind.is_loopback();
    let token = if loopback && !cli.require_token {
        None
    } else {
        Some(token::generate()?)
    };
    let listener = TcpListener::bind(SocketAddr::new(cli.bind, cli.port))
        .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", cli.bind, cli.port))?;
    let address = listener.local_addr()?;
    let shown = if address.ip().is_unspecified() {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), address.port())
    } else {
        address
    };
    let query = token
        .as_ref()
        .map(|t| format!("?token={t}"))
        .unwrap_or_default();
    println!("ply-gui: open http://{shown}/{query} in a browser (Ctrl-C stops ply-gui)");
    if address.ip().is_unspecified() {
        println!(
            "ply-gui: from other machines use this machine's name or address instead of {}",
            shown.ip()
        );
    }
    let config = Arc::new(ServerConfig {
        session: Arc::new(session),
        token,
        loopback,
        max_sessions: cli.max_pages.max(1),
        max_waiting: cli.max_waiting_connections.max(1),
        request_deadline: Duration::from_millis(cli.request_deadline),
    });
    serve(&listener, &config)?;
    Ok(())
}
