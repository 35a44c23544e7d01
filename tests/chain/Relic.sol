// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal ERC-1155 for the bridge tests: the deployer holds the studio's supply of each id.
/// Only what the bridge uses (balanceOf, safeTransferFrom with the standard checks and event).
contract Relic {
    mapping(uint256 => mapping(address => uint256)) private balances;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);

    constructor(uint256 id, uint256 supply) {
        balances[id][msg.sender] = supply;
        emit TransferSingle(msg.sender, address(0), msg.sender, id, supply);
    }

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        return balances[id][account];
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes calldata) external {
        require(to != address(0), "ERC1155: transfer to the zero address");
        require(from == msg.sender, "ERC1155: caller is not owner");
        uint256 fromBalance = balances[id][from];
        require(fromBalance >= amount, "ERC1155: insufficient balance for transfer");
        balances[id][from] = fromBalance - amount;
        balances[id][to] += amount;
        emit TransferSingle(msg.sender, from, to, id, amount);
    }
}
